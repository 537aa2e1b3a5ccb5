import type { Row } from '../../api/model.ts';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';

/** A user's cars, read-only, as the administrator's user views show them. */
export function UserCarsTable({
  type,
  owner,
}: {
  type: 'UserSettings' | 'UserForInput';
  owner: Row | string;
}) {
  return (
    <RelationTable
      of={type}
      relation="cars"
      owner={owner}
      columns={[
        { field: 'licensePlate', minWidth: 130 },
        { field: 'manufacturer' },
        { field: 'model' },
        { field: 'isFavorite' },
        { field: 'isArchived' },
      ]}
      readOnly
      defaultSort={{ attribute: 'licensePlate', descending: false }}
    />
  );
}
