import type { Row } from '../../api/model.ts';
import DataTable from '../../components/data-table/DataTable.tsx';
import { relationSource } from '../../components/data-table/relationSource.ts';

/** A user's cars, read-only, as the administrator's user views show them. */
export function UserCarsTable({
  type,
  owner,
}: {
  type: 'UserSettings' | 'UserForInput';
  owner: Row | string;
}) {
  return (
    <DataTable
      tableId={`${type}.cars`}
      type="Car"
      source={relationSource(type, 'cars', owner)}
      columns={[
        { field: 'licensePlate', minWidth: 130 },
        { field: 'manufacturer', flex: 1 },
        { field: 'model', flex: 1 },
        { field: 'isFavorite' },
        { field: 'isArchived' },
      ]}
      editable={false}
      deletable={false}
      defaultSort={{ attribute: 'licensePlate', descending: false }}
    />
  );
}
