import type { TransferName } from '@parkhere/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Row, range } from '../../api/model.ts';
import { ofType, queryKeys } from '../../api/queryKeys.ts';

/**
 * What a relation picker needs of the relation's `~range`: the candidates in the order of their label (the
 * current ones come `__selected`), a candidate's label, whether two rows are one candidate, and the re-read
 * of the owner's type once the relation is stored.
 */
export function useRange(
  type: TransferName,
  relation: string,
  owner: Row,
  labelAttribute: string,
  mask: string,
) {
  const queryClient = useQueryClient();
  const query = { _mask: mask, _orderBy: [{ attribute: labelAttribute, descending: false }] };
  const candidates = useQuery({
    queryKey: queryKeys.range(type, relation, owner.__signedIdentifier ?? null, query),
    queryFn: () => range(type, relation, owner, query),
  });
  return {
    candidates,
    textOf: (row: Row): string => {
      const value = row[labelAttribute];
      return typeof value === 'string' ? value : '';
    },
    isSame: (option: Row, value: Row) => option.__identifier === value.__identifier,
    stored: () => queryClient.invalidateQueries({ queryKey: ofType(type) }),
  };
}
