import {
  IMPORT_ACTIONS,
  type ImportAction,
  type ImportAnswer,
  type ImportRow,
  type Locale,
  templateOf,
  transferTypes,
} from '@parkhere/contract';
import { sql } from 'kysely';
import type { EngineContext } from '../../engine/context.ts';
import { camelCase, fromDatabaseError } from '../../engine/database-errors.ts';
import { setLinks } from '../../engine/picked-targets.ts';
import { relationTarget } from '../../engine/read.ts';
import { entitySourceOf } from '../../engine/registry.ts';
import { inTransaction } from '../../engine/transaction.ts';
import { columnValues, createRow, storedObeyingRules, updateRow, validated } from '../../engine/write.ts';
import {
  BusinessError,
  ConflictError,
  EntityNotFoundError,
  ForbiddenError,
  ValidationError,
} from '../../platform/errors.ts';
import { garageIdsByName } from '../garages/index.ts';
import type { CsvRow, CsvTable } from './csv-file.ts';
import { garageNames, type Identity, type ImportTable, readCell, type StoredRow } from './import-kinds.ts';
import { problemMessage } from './problem-texts.ts';

/*
 * An import judges each row of a file by the Users or Slots table's own create (a new key) or update (a
 * stored one: only the file's columns, nothing written when they hold what is stored), all in one
 * transaction stamped with the administrator for the audit log. A row refused by a rule is rolled back to
 * its savepoint, so every row is judged; a dry run, or a file with any refused row, rolls all of it back.
 */

type Problem = { column: string; code: string };
type Judged = { action: ImportAction; problems: Problem[] };

const refuse = (problems: Problem[]): Judged => ({ action: 'refuse', problems });

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
const problemsOf = (context: EngineContext, table: ImportTable, thrown: unknown): Problem[] => {
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

/** Runs a row's writes so that a refusal undoes only them (PostgreSQL aborts a transaction on an error). */
const atSavepoint = async (context: EngineContext, work: () => Promise<void>): Promise<void> => {
  await sql`SAVEPOINT import_row`.execute(context.db);
  try {
    await work();
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT import_row`.execute(context.db);
    throw error;
  } finally {
    await sql`RELEASE SAVEPOINT import_row`.execute(context.db);
  }
};

const sameValue = (stored: unknown, value: unknown) =>
  stored === value || (stored != null && value != null && String(stored) === String(value));

const sameTargets = (stored: readonly string[], ids: readonly string[]) =>
  stored.length === new Set(ids).size && ids.every((id) => stored.includes(id));

/** The garages a row picks, as the signed references a create's body carries. */
const references = async (
  context: EngineContext,
  table: ImportTable,
  links: Readonly<Record<string, readonly string[]>>,
) => {
  const body: Record<string, unknown> = {};
  for (const [relation, ids] of Object.entries(links)) {
    const { target, cardinality } = relationTarget(table.type, relation);
    const signed = await Promise.all(
      ids.map(async (id) => ({
        __signedIdentifier: await context.identifiers.sign({
          id,
          version: 0,
          type: transferTypes[target].entityType,
        }),
      })),
    );
    body[relation] = cardinality === 'many' ? signed : signed[0];
  }
  return body;
};

const created = async (
  context: EngineContext,
  table: ImportTable,
  body: Record<string, unknown>,
  links: Readonly<Record<string, readonly string[]>>,
): Promise<ImportAction> => {
  const values = validated(
    table.type,
    { ...templateOf(table.type), ...body, ...(await references(context, table, links)) },
    'create',
  );
  const source = entitySourceOf(context, table.type);
  await atSavepoint(context, async () => {
    await storedObeyingRules(context, source, await createRow(context, source, values));
  });
  return 'create';
};

const updated = async (
  context: EngineContext,
  table: ImportTable,
  stored: StoredRow,
  body: Record<string, unknown>,
  links: Readonly<Record<string, readonly string[]>>,
): Promise<ImportAction> => {
  const values = validated(table.type, body, 'update');
  const source = entitySourceOf(context, table.type);
  const changed = columnValues(source, values, null).some(
    ([column, value]) => !sameValue(stored.columns[camelCase(column)], value),
  );
  const relinked = Object.entries(links).filter(
    ([relation, ids]) => stored.links[relation] !== undefined && !sameTargets(stored.links[relation], ids),
  );
  if (!changed && relinked.length === 0) {
    return 'unchanged';
  }
  await atSavepoint(context, async () => {
    if (changed) {
      await updateRow(context, source, stored.id, values, null);
    }
    for (const [relation, ids] of relinked) {
      await setLinks(context, table.type, relation, stored.id, ids);
    }
    await storedObeyingRules(context, source, stored.id);
  });
  return 'update';
};

/** One row: its cells read, its garages looked up by name, then judged by the table's create or update. */
const judged = async (
  context: EngineContext,
  table: ImportTable,
  columns: readonly string[],
  { cells }: CsvRow,
  identity: Identity,
  garages: ReadonlyMap<string, string>,
): Promise<Judged> => {
  const problems: Problem[] = [];
  const body: Record<string, unknown> = {};
  const links: Record<string, string[]> = {};
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
        const names = column.kind === 'garage' ? [cell].filter((text) => text !== '') : garageNames(cell);
        const ids = names.flatMap((garage) => garages.get(garage.toLowerCase()) ?? []);
        if (ids.length < names.length) {
          problems.push({ column: name, code: 'UNKNOWN_GARAGE' });
        }
        links[column.relation] = ids;
        break;
      }
      case 'groups':
        if (cell !== '') {
          problems.push({ column: name, code: 'GROUPS_NOT_AVAILABLE' });
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
    const action =
      identity.stored === undefined
        ? await created(context, table, body, links)
        : await updated(context, table, identity.stored, body, links);
    return { action, problems: [] };
  } catch (error) {
    return refuse(problemsOf(context, table, error));
  }
};

/**
 * The file judged row by row as `context`'s administrator; written only when it is no dry run and no row is
 * refused. The answer is the same either way.
 */
export async function importRows(
  context: EngineContext,
  table: ImportTable,
  csv: CsvTable,
  options: { dryRun: boolean; locale: Locale },
): Promise<ImportAnswer> {
  return inTransaction(
    context,
    (answer: ImportAnswer) => !answer.applied,
    async (transaction) => {
      const garages = await garageIdsByName(transaction.db);
      const identify = await table.identify(
        transaction.db,
        csv.rows.map((row) => row.cells),
        garages,
      );
      const seen = new Set<string>();
      const rows: ImportRow[] = [];
      for (const row of csv.rows) {
        const identity = identify(row.cells);
        const repeated = identity.key !== '' && seen.has(identity.key);
        seen.add(identity.key);
        const { action, problems } = repeated
          ? refuse([{ column: table.keyColumn, code: 'DUPLICATE_IN_FILE' }])
          : await judged(transaction, table, csv.columns, row, identity, garages);
        rows.push({
          row: row.row,
          action,
          problems: problems.map((problem) => ({
            ...problem,
            message: problemMessage(options.locale, problem.code),
          })),
        });
      }
      const totals = Object.fromEntries(
        IMPORT_ACTIONS.map((action) => [action, rows.filter((row) => row.action === action).length]),
      ) as ImportAnswer['totals'];
      return { dryRun: options.dryRun, applied: !options.dryRun && totals.refuse === 0, totals, rows };
    },
  );
}
