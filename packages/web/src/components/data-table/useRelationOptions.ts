import type { TransferName } from '@parkhere/contract';
import { useQueries } from '@tanstack/react-query';
import { type Row, range } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ColumnSpec } from './columns.tsx';

const NONE: readonly Row[] = [];

/**
 * The candidates of a table's to-one relation columns, for the inline pickers; a draft owner sees every
 * candidate. Without candidates the picker is empty, and saving then reports the missing value on the cell,
 * so a failure is not shown on its own.
 */
export function useRelationOptions(
  type: TransferName,
  columns: readonly ColumnSpec<Row>[],
  relationFields: readonly string[],
  enabled: boolean,
): (field: string) => readonly Row[] {
  const results = useQueries({
    queries: relationFields.map((field) => {
      const column = columns.find((each) => each.field === field);
      const query = { _mask: `{${column?.relationLabel ?? 'name'}}` };
      return {
        queryKey: queryKeys.range(type, field, null, query),
        queryFn: () => range(type, field, null, query, { handleErrors: false }),
        // A column searched on the server loads no candidates here: its picker asks for a few as the user types.
        enabled: enabled && column?.searchOnServer !== true,
      };
    }),
  });
  return (field) => results[relationFields.indexOf(field)]?.data ?? NONE;
}
