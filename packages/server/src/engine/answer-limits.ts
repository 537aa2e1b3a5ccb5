import {
  ANSWER_LIMITS,
  bytesPerItem,
  type MaskNode,
  maxItemsPerAnswer,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import { ValidationError } from '../platform/errors.ts';
import type { EngineContext } from './context.ts';

/*
 * The contract's answer limits as the engine applies them (README "Answer limits"): pages sized before any row
 * is read, nested lists refused rather than cut, and large answers taking turns in the heavy lane.
 */

const at = (location: string, path: string) => (location === '' ? path : `${location}.${path}`);

export const tooManyItems = (location: string, limit: number) =>
  new ValidationError([{ code: 'TOO_MANY_ITEMS', level: 'ERROR', location, details: { limit } }]);

/**
 * The most items a list with this mask may answer: 400 `INVALID_QUERY_MASK` when even one item could exceed the
 * limits, `TOO_MANY_ITEMS` at `_seek.limit` when the client asked for more.
 */
export const pageLimit = (
  type: TransferName,
  mask: MaskNode,
  requested: number | null,
  location: string,
): number => {
  const limit = maxItemsPerAnswer(type, mask);
  if (limit < 1) {
    throw new ValidationError([
      {
        code: 'INVALID_QUERY_MASK',
        level: 'ERROR',
        location: at(location, '_mask'),
        details: { reason: `one item could bring more than ${ANSWER_LIMITS.maxObjects} objects` },
      },
    ]);
  }
  if (requested !== null && requested > limit) {
    throw tooManyItems(at(location, '_seek.limit'), limit);
  }
  return limit;
};

/** A nested list the SQL cut at one over its limit is refused, never handed out short. */
export const assertNestedLists = (items: unknown[], type: TransferName, mask: MaskNode, location: string) => {
  const relations = transferTypes[type].relations as Record<string, { target: string; cardinality: string }>;
  for (const [name, child] of Object.entries(mask.relations)) {
    const target = relations[name]?.target as TransferName;
    for (const item of items) {
      const value = (item as Record<string, unknown> | null)?.[name];
      const nested = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      if (nested.length > ANSWER_LIMITS.maxNestedItems) {
        throw tooManyItems(at(location, name), ANSWER_LIMITS.maxNestedItems);
      }
      assertNestedLists(nested, target, child, at(location, name));
    }
  }
};

/** Answers that may be larger than this take turns in the heavy lane (heavy-lane.ts). */
const HEAVY_ANSWER_BYTES = 1024 * 1024;

/**
 * Enters the lane when `items` of the mask may exceed HEAVY_ANSWER_BYTES. Never from inside a transaction: on
 * PGlite it holds the one connection the lane's holder may be waiting for.
 */
export const enterLaneIfHeavy = async (
  context: EngineContext,
  type: TransferName,
  mask: MaskNode,
  items: number,
): Promise<void> => {
  if (bytesPerItem(type, mask) * items > HEAVY_ANSWER_BYTES && !context.db.isTransaction) {
    await context.heavy?.();
  }
};
