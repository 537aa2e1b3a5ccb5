import { instanceRuleErrors, type TransferName, templateOf, transferTypes } from '@parkhere/contract';
import type { EngineContext } from '../../engine/context.ts';
import { camelCase, fromDatabaseError } from '../../engine/database-errors.ts';
import { relationTarget } from '../../engine/read.ts';
import { entitySourceOf } from '../../engine/registry.ts';
import { columnValues, type Values, validated } from '../../engine/write.ts';
import {
  BusinessError,
  ConflictError,
  EntityNotFoundError,
  ForbiddenError,
  ValidationError,
} from '../../platform/errors.ts';
import type { CsvRow } from './csv-file.ts';
import { type Identity, type ImportTable, listedNames, readCell, type StoredRow } from './import-kinds.ts';

/*
 * What a row of a file is to its table, judged in memory by the model's rules (the create's and update's
 * validated body, and an update's rules across attributes against what is stored): refused with its problems,
 * unchanged, or the values a create or update writes (import-rows.ts writes them).
 */

export type Problem = { column: string; code: string };
type Links = Readonly<Record<string, readonly string[]>>;
/** The group ids a row's `groups` column names; undefined without the column (memberships stay as they are). */
type Groups = readonly string[] | undefined;

/** The ids of what a file names by name, by the name in lower case. */
export type Names = { garages: ReadonlyMap<string, string>; groups: ReadonlyMap<string, string> };

export type RowPlan =
  | { action: 'refuse'; problems: Problem[] }
  | { action: 'unchanged' }
  /** `groups`: the new user's memberships. */
  | { action: 'create'; values: Values; groups: Groups }
  | {
      action: 'update';
      stored: StoredRow;
      values: Values;
      changed: boolean;
      relinked: [string, readonly string[]][];
      /** The user's memberships when they change; undefined when they stay. */
      regrouped: Groups;
    };

export const refuse = (problems: Problem[]): RowPlan => ({ action: 'refuse', problems });

/** The file's column a rule's location (`accessedParkingGarages[0]`, `name`) is about; '' for the row. */
const columnOf = (table: ImportTable, location: string): string => {
  const name = location.split(/[[.]/, 1)[0];
  const found = Object.entries(table.columns).find(
    ([, column]) =>
      (column.kind === 'attribute' && column.attribute === name) ||
      ((column.kind === 'garages' || column.kind === 'garage') && column.relation === name),
  );
  return found?.[0] ?? '';
};

/** A rule's refusal as the row's problems; anything else is the server's failure and stays one. */
export const problemsOf = (context: EngineContext, table: ImportTable, thrown: unknown): Problem[] => {
  const error = fromDatabaseError(context.registry.constraints, thrown);
  if (error instanceof ValidationError) {
    return error.items.map((item) => ({ column: columnOf(table, item.location), code: item.code }));
  }
  if (error instanceof BusinessError) {
    return [{ column: '', code: error.errorCode }];
  }
  if (error instanceof ConflictError || error instanceof ForbiddenError) {
    return [{ column: '', code: error.code }];
  }
  if (error instanceof EntityNotFoundError) {
    return [{ column: '', code: 'ENTITY_NOT_FOUND' }];
  }
  throw error;
};

const sameValue = (stored: unknown, value: unknown) =>
  stored === value || (stored != null && value != null && String(stored) === String(value));

const sameTargets = (stored: readonly string[], ids: readonly string[]) =>
  stored.length === new Set(ids).size && ids.every((id) => stored.includes(id));

// A file names the same few garages on every row: each is signed once an import (its transaction's context).
const signedByImport = new WeakMap<EngineContext, Map<string, Promise<string>>>();

/** The signed reference to the `target` row `id`, as a create's body carries it. */
const signedReference = (context: EngineContext, target: TransferName, id: string) => {
  let signed = signedByImport.get(context);
  if (signed === undefined) {
    signed = new Map<string, Promise<string>>();
    signedByImport.set(context, signed);
  }
  const key = `${target}:${id}`;
  let reference = signed.get(key);
  if (reference === undefined) {
    reference = context.identifiers.sign({ id, version: 0, type: transferTypes[target].entityType });
    signed.set(key, reference);
  }
  return reference;
};

/** The garages a row picks, as the signed references a create's body carries. */
const references = async (context: EngineContext, table: ImportTable, links: Links) => {
  const body: Record<string, unknown> = {};
  for (const [relation, ids] of Object.entries(links)) {
    const { target, cardinality } = relationTarget(table.type, relation);
    const signed = await Promise.all(
      ids.map(async (id) => ({ __signedIdentifier: await signedReference(context, target, id) })),
    );
    body[relation] = cardinality === 'many' ? signed : signed[0];
  }
  return body;
};

// The model's defaults are constant: read once a table, not once a row of a large file.
const templates = new Map<ImportTable['type'], Values>();
const templateFor = (type: ImportTable['type']): Values =>
  templates.get(type) ?? (templates.set(type, templateOf(type)).get(type) as Values);

/** A create's values, as the access point's ~create validates them: the template's defaults and the file's. */
const creating = async (
  context: EngineContext,
  table: ImportTable,
  body: Values,
  links: Links,
  groups: Groups,
): Promise<RowPlan> => ({
  action: 'create',
  values: validated(
    table.type,
    { ...templateFor(table.type), ...body, ...(await references(context, table, links)) },
    'create',
  ),
  groups,
});

/**
 * An update's values, as the instance's ~update validates them, and what they change; the row as it would be
 * written must keep the rules across attributes (working hours) with the stored rest, as storedObeyingRules
 * judges a written one.
 */
const updating = (
  context: EngineContext,
  table: ImportTable,
  stored: StoredRow,
  body: Values,
  links: Links,
  groups: Groups,
): RowPlan => {
  const values = validated(table.type, body, 'update');
  const source = entitySourceOf(context, table.type);
  const changed = columnValues(source, values, null).some(
    ([column, value]) => !sameValue(stored.columns[camelCase(column)], value),
  );
  const relinked = Object.entries(links).filter(
    ([relation, ids]) => stored.links[relation] !== undefined && !sameTargets(stored.links[relation], ids),
  );
  const regrouped = groups !== undefined && !sameTargets(stored.groups ?? [], groups) ? groups : undefined;
  if (!changed && relinked.length === 0 && regrouped === undefined) {
    return { action: 'unchanged' };
  }
  const storedValues = Object.fromEntries(
    Object.entries(source.columns).map(([attribute, column]) => [
      attribute,
      stored.columns[camelCase(column)],
    ]),
  );
  const broken = instanceRuleErrors(table.type, { ...storedValues, ...values });
  if (broken.length > 0) {
    throw new ValidationError(broken);
  }
  return { action: 'update', stored, values, changed, relinked, regrouped };
};

/** The ids of a cell's names (`names` by lower-case name): undefined when one of them is unknown. */
const idsOf = (names: readonly string[], ids: ReadonlyMap<string, string>): string[] | undefined => {
  const found = names.flatMap((name) => ids.get(name.toLowerCase()) ?? []);
  return found.length === names.length ? found : undefined;
};

/**
 * One row: its cells read, its garages and groups looked up by name, then judged by the table's create or
 * update rules.
 */
export const planned = async (
  context: EngineContext,
  table: ImportTable,
  columns: readonly string[],
  { cells }: CsvRow,
  identity: Identity,
  names: Names,
): Promise<RowPlan> => {
  const problems: Problem[] = [];
  const body: Values = {};
  const links: Record<string, string[]> = {};
  let groups: Groups;
  for (const name of columns) {
    const column = table.columns[name];
    const cell = cells[name] ?? '';
    switch (column?.kind) {
      case 'attribute':
        // An empty cell is an omitted value: the default on a create, what is stored on an update.
        if (cell !== '') {
          body[column.attribute] = readCell(column.reading, cell);
        }
        break;
      case 'garages':
      case 'garage': {
        const ids = idsOf(
          column.kind === 'garage' ? [cell].filter((text) => text !== '') : listedNames(cell),
          names.garages,
        );
        if (ids === undefined) {
          problems.push({ column: name, code: 'UNKNOWN_GARAGE' });
        }
        links[column.relation] = ids ?? [];
        break;
      }
      // Every group named, an empty cell none: the user's memberships are exactly these.
      case 'groups':
        groups = idsOf(listedNames(cell), names.groups);
        if (groups === undefined) {
          problems.push({ column: name, code: 'UNKNOWN_GROUP' });
        }
        break;
      default:
        break;
    }
  }
  if (problems.length > 0) {
    return refuse(problems);
  }
  try {
    return identity.stored === undefined
      ? await creating(context, table, body, links, groups)
      : updating(context, table, identity.stored, body, links, groups);
  } catch (error) {
    return refuse(problemsOf(context, table, error));
  }
};
