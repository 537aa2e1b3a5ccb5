import type { MaskNode } from './mask.ts';
import { type TransferName, transferTypes } from './transfer-types.ts';

/*
 * How much one answer may hold, so no single request can occupy the server (issue [Hardening] 2). An answer
 * that would hold more is refused with a 400 naming the limit, never cut silently.
 */
export const ANSWER_LIMITS = {
  /** Items of one nested list in a mask (`{accessedUsers{name}}`): more, and the client pages the relation. */
  maxNestedItems: 1000,
  /** Objects in one answer, nested ones included. */
  maxObjects: 10_000,
  /** Bytes of one answer's JSON. */
  maxBytes: 8 * 1024 * 1024,
} as const;

/** At most how many objects one item of `type` brings with `mask`: itself and its nested lists at their limit. */
export const objectsPerItem = (type: TransferName, mask: MaskNode): number => {
  const relations = transferTypes[type].relations as Readonly<
    Record<string, { target: string; cardinality: string }>
  >;
  let objects = 1;
  for (const [name, child] of Object.entries(mask.relations)) {
    const relation = relations[name];
    if (relation !== undefined) {
      const each = objectsPerItem(relation.target as TransferName, child);
      objects += relation.cardinality === 'many' ? ANSWER_LIMITS.maxNestedItems * each : each;
    }
  }
  return objects;
};

/** The most items one list answer may hold with `mask`: 0 when even one item could exceed the limit. */
export const maxItemsPerAnswer = (type: TransferName, mask: MaskNode): number =>
  Math.floor(ANSWER_LIMITS.maxObjects / objectsPerItem(type, mask));
