import {
  type RelationDef,
  type RelationName,
  type TransferName,
  type TransferTypes,
  transferTypes,
} from '@parkhere/contract';
import type { Row } from '../../api/model.ts';
import DataTable, { type DataTableProps } from './DataTable.tsx';

/** The transfer type a relation of `O` lists, as the contract declares it. */
type TargetOf<O extends TransferName, R extends RelationName<O>> =
  TransferTypes[O]['relations'][R] extends RelationDef<infer Target> ? Extract<Target, TransferName> : never;

export type RelationTableProps<O extends TransferName, R extends RelationName<O>> = Omit<
  DataTableProps<TargetOf<O, R>>,
  'tableId' | 'type' | 'source'
> & {
  /** The owner's transfer type. */
  of: O;
  relation: R;
  /** The record itself or its signed identifier; a record that has none lists under an empty one. */
  owner: Row | string;
};

/**
 * The table of one relation of a record: the rows' type is the relation's target, and the table is
 * remembered as `{owner type}.{relation}`, so neither is written beside the relation.
 */
export function RelationTable<O extends TransferName, R extends RelationName<O>>({
  of,
  relation,
  owner,
  ...table
}: RelationTableProps<O, R>) {
  const relations: Readonly<Record<string, RelationDef>> = transferTypes[of].relations;
  const type = relations[relation]?.target as TargetOf<O, R>;
  const signedIdentifier = typeof owner === 'string' ? owner : (owner.__signedIdentifier ?? '');
  return (
    <DataTable
      {...table}
      tableId={`${of}.${relation}`}
      type={type}
      source={{ kind: 'relation', type: of, relation, owner: signedIdentifier }}
    />
  );
}
