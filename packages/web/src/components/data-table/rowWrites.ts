import type { AccessPointName, AttributeDef, TransferName } from '@parkhere/contract';
import {
  create,
  createInRelation,
  type ListSource,
  list,
  type Row,
  setRelation,
  unsetRelation,
  update,
} from '../../api/model.ts';

/** The writes of inline editing, one call kind of DESIGN §5 each. */

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `~create` in the access point, or `~update/{relation}/~create` on the owner of a relation source. */
export async function createRow(
  target: AccessPointName | 'relation',
  source: ListSource,
  row: Row,
): Promise<void> {
  if (target !== 'relation') {
    await create(target, row);
    return;
  }
  if (source.kind !== 'relation') {
    throw new Error('createIn="relation" needs a relation source');
  }
  await createInRelation(source.type, source.relation, { __signedIdentifier: source.owner }, row);
}

/** What the writes need to know of a table: its type and source, and the columns' fields. */
export type RowShape = {
  type: TransferName;
  source: ListSource;
  mask: string;
  attributes: Readonly<Record<string, AttributeDef>>;
  /** The columns' fields, and those of them that are to-one relations. */
  fields: readonly string[];
  relationFields: readonly string[];
};

/**
 * `~update` of the changed attributes, `~set` of the changed relations: the row as the server has it now,
 * or null when nothing changed.
 */
export async function updateRow(shape: RowShape, next: Row, previous: Row): Promise<Row | null> {
  const { type, attributes } = shape;
  const changed = shape.fields.filter(
    (field) => attributes[field]?.readOnly === false && next[field] !== previous[field],
  );
  const relinked = shape.relationFields.filter((field) => next[field] !== previous[field]);
  if (changed.length === 0 && relinked.length === 0) {
    return null;
  }
  let saved: Row = changed.length === 0 ? next : await update(type, next, changed);
  for (const field of relinked) {
    const target = next[field];
    if (isRow(target)) {
      await setRelation(type, field, saved, target);
    } else if (target === null) {
      // The picker's none: a slot no longer assigned, or in no pool.
      await unsetRelation(type, field, saved);
    }
  }
  if (relinked.length > 0) {
    // The relation changed the row's derived values (aggregaredName names the garage).
    const reread = await list(shape.source, { _mask: shape.mask, _identifier: saved.__signedIdentifier });
    saved = { ...saved, ...reread.items[0] };
  }
  return saved;
}
