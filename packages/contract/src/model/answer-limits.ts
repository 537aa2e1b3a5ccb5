import type { AttributeDef } from './dsl.ts';
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

type RelationShape = { target: string; cardinality: string };

const relationsOf = (type: TransferName) =>
  transferTypes[type].relations as Readonly<Record<string, RelationShape>>;

/** At most how many objects one item of `type` brings with `mask`: itself and its nested lists at their limit. */
export const objectsPerItem = (type: TransferName, mask: MaskNode): number => {
  let objects = 1;
  for (const [name, child] of Object.entries(mask.relations)) {
    const relation = relationsOf(type)[name];
    if (relation !== undefined) {
      const each = objectsPerItem(relation.target as TransferName, child);
      objects += relation.cardinality === 'many' ? ANSWER_LIMITS.maxNestedItems * each : each;
    }
  }
  return objects;
};

/** `__identifier`, `__signedIdentifier`, `__entityType`, `__version`, `__updateable`, `__deleteable`. */
const METADATA_BYTES = 512;
/** A file reference with its download token. */
const FILE_BYTES = 1024;
/** A string the model gives no maximum length. */
const UNBOUNDED_STRING = 4096;

/** The most JSON bytes one value can take: a string at 3 bytes a character (UTF-8), quoted. */
const valueBytes = (attribute: AttributeDef): number => {
  switch (attribute.type) {
    case 'string':
      return 2 + 3 * (attribute.maxLength ?? UNBOUNDED_STRING);
    case 'binary':
      return FILE_BYTES;
    default:
      return 40;
  }
};

/**
 * At most how many bytes one item of `type` takes with `mask`, from the model's maximum lengths: a page is
 * sized before any row is read, so no answer is built only to be refused (`maxBytes` is still checked after,
 * for strings whose JSON escapes take more).
 */
export const bytesPerItem = (type: TransferName, mask: MaskNode): number => {
  const attributes = transferTypes[type].attributes as Readonly<Record<string, AttributeDef>>;
  let bytes = METADATA_BYTES;
  for (const name of mask.attributes) {
    const attribute = attributes[name];
    if (attribute !== undefined) {
      bytes += name.length + 4 + valueBytes(attribute);
    }
  }
  for (const [name, child] of Object.entries(mask.relations)) {
    const relation = relationsOf(type)[name];
    if (relation !== undefined) {
      const each = bytesPerItem(relation.target as TransferName, child);
      bytes +=
        name.length + 4 + (relation.cardinality === 'many' ? ANSWER_LIMITS.maxNestedItems * each : each);
    }
  }
  return bytes;
};

/**
 * The most items one list answer may hold with `mask`, by objects and by bytes: 0 when even one item could
 * exceed a limit.
 */
export const maxItemsPerAnswer = (type: TransferName, mask: MaskNode): number =>
  Math.min(
    Math.floor(ANSWER_LIMITS.maxObjects / objectsPerItem(type, mask)),
    Math.floor(ANSWER_LIMITS.maxBytes / bytesPerItem(type, mask)),
  );
