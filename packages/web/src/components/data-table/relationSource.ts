import type { RelationName, TransferName } from '@parkhere/contract';
import type { ListSource, Row } from '../../api/model.ts';

/**
 * The rows a table lists from a relation of one record: the owner is the record itself or its signed
 * identifier, and a record that has none lists under an empty one.
 */
export function relationSource<T extends TransferName>(
  type: T,
  relation: RelationName<T>,
  owner: Row | string,
): ListSource {
  const signedIdentifier = typeof owner === 'string' ? owner : (owner.__signedIdentifier ?? '');
  return { kind: 'relation', type, relation, owner: signedIdentifier };
}
