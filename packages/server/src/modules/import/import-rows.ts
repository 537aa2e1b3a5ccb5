import { IMPORT_ACTIONS, type ImportAnswer, type ImportRow, type Locale } from '@parkhere/contract';
import { sql } from 'kysely';
import type { EngineContext } from '../../engine/context.ts';
import { setLinks } from '../../engine/picked-targets.ts';
import { entitySourceOf } from '../../engine/registry.ts';
import { inTransaction } from '../../engine/transaction.ts';
import { createRows, storedObeyingRules, updateRows } from '../../engine/write.ts';
import { garageIdsByName } from '../garages/index.ts';
import { groupIdsByName, type Memberships, setMemberships } from '../groups/index.ts';
import type { CsvTable } from './csv-file.ts';
import type { ImportTable } from './import-kinds.ts';
import { problemMessage } from './problem-texts.ts';
import { type Names, planned, problemsOf, type RowPlan, refuse } from './row-plans.ts';

/*
 * An import judges each row of a file by the Users or Slots table's own create (a new key) or update (a
 * stored one: only the file's columns, nothing written when they hold what is stored), all in one
 * transaction stamped with the administrator for the audit log. The model's rules judge every row in memory
 * first (row-plans.ts); the rows they accept are then written together (the engine's createRows and
 * updateRows, the garages' setLinks and the groups' setMemberships: a few statements for the whole file, not
 * several a row). Only when that write is refused (a constraint of the database, an email a racing create
 * took) are the rows written again one by one, each at a savepoint, to find the ones refused. A dry run, or a
 * file with any refused row, rolls all of it back.
 */

type Writable = Extract<RowPlan, { action: 'create' | 'update' }>;

/** Runs writes so that a refusal undoes only them (PostgreSQL aborts a transaction on an error). */
const atSavepoint = async (context: EngineContext, work: () => Promise<void>): Promise<void> => {
  await sql`SAVEPOINT import_rows`.execute(context.db);
  try {
    await work();
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT import_rows`.execute(context.db);
    throw error;
  } finally {
    await sql`RELEASE SAVEPOINT import_rows`.execute(context.db);
  }
};

/**
 * Writes rows as planned, a few statements for all of them: the creates (the engine's createRows, as the
 * access point's ~create makes rows), the updates' attributes (updateRows, as the instance's ~update writes
 * them) and garages (setLinks, as a relation's ~set), then the users' memberships (the groups module's). The
 * model's rules judged every row in memory (row-plans.ts), against what is stored.
 */
const writeAll = async (context: EngineContext, table: ImportTable, plans: readonly Writable[]) => {
  const source = entitySourceOf(context, table.type);
  const creates = plans.flatMap((plan) => (plan.action === 'create' ? [plan] : []));
  const updates = plans.flatMap((plan) => (plan.action === 'update' ? [plan] : []));
  const created = await createRows(
    context,
    source,
    creates.map(({ values }) => values),
  );
  await updateRows(
    context,
    source,
    updates.filter(({ changed }) => changed).map(({ stored, values }) => ({ id: stored.id, values })),
  );
  const relinked = new Map<string, { ownerId: string; ids: readonly string[] }[]>();
  for (const { stored, relinked: relations } of updates) {
    for (const [relation, ids] of relations) {
      const owners = relinked.get(relation) ?? [];
      owners.push({ ownerId: stored.id, ids });
      relinked.set(relation, owners);
    }
  }
  for (const [relation, owners] of relinked) {
    await setLinks(context, table.type, relation, owners);
  }
  const memberships: Memberships[] = [
    ...creates.flatMap(({ groups }, index) =>
      groups === undefined || groups.length === 0
        ? []
        : [{ userId: created[index] as string, groupIds: groups }],
    ),
    ...updates.flatMap(({ stored, regrouped }) =>
      regrouped === undefined ? [] : [{ userId: stored.id, groupIds: regrouped }],
    ),
  ];
  await setMemberships(context.db, memberships);
  return created;
};

/** One row written alone, at its savepoint: refused by what the database or a rule says, or as planned. */
const writtenAlone = async (context: EngineContext, table: ImportTable, plan: Writable): Promise<RowPlan> => {
  try {
    await atSavepoint(context, async () => {
      const [created] = await writeAll(context, table, [plan]);
      await storedObeyingRules(
        context,
        entitySourceOf(context, table.type),
        plan.action === 'create' ? (created as string) : plan.stored.id,
      );
    });
    return plan;
  } catch (error) {
    return refuse(problemsOf(context, table, error));
  }
};

/**
 * The accepted rows written together (writeAll). Answers the plans as written, or, when the database refuses
 * the file's write, each row as it fared written alone.
 */
const written = async (context: EngineContext, table: ImportTable, plans: RowPlan[]): Promise<RowPlan[]> => {
  const writable = plans.filter(
    (plan): plan is Writable => plan.action === 'create' || plan.action === 'update',
  );
  if (writable.length === 0) {
    return plans;
  }
  try {
    await atSavepoint(context, async () => {
      await writeAll(context, table, writable);
    });
    return plans;
  } catch (error) {
    // A refusal is some row's: find whose. The server's own failure stays one (problemsOf throws it).
    problemsOf(context, table, error);
  }
  const alone: RowPlan[] = [];
  for (const plan of plans) {
    alone.push(
      plan.action === 'create' || plan.action === 'update' ? await writtenAlone(context, table, plan) : plan,
    );
  }
  return alone;
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
      const names: Names = {
        garages: await garageIdsByName(transaction.db),
        groups: csv.columns.some((column) => table.columns[column]?.kind === 'groups')
          ? await groupIdsByName(transaction.db)
          : new Map(),
      };
      const identify = await table.identify(
        transaction.db,
        csv.rows.map((row) => row.cells),
        names.garages,
      );
      const seen = new Set<string>();
      const plans: RowPlan[] = [];
      for (const row of csv.rows) {
        const identity = identify(row.cells);
        const repeated = identity.key !== '' && seen.has(identity.key);
        seen.add(identity.key);
        plans.push(
          repeated
            ? refuse([{ column: table.keyColumn, code: 'DUPLICATE_IN_FILE' }])
            : await planned(transaction, table, csv.columns, row, identity, names),
        );
      }
      const rows: ImportRow[] = (await written(transaction, table, plans)).map((plan, index) => ({
        row: csv.rows[index]?.row ?? index,
        action: plan.action,
        problems: (plan.action === 'refuse' ? plan.problems : []).map((problem) => ({
          ...problem,
          message: problemMessage(options.locale, problem.code),
        })),
      }));
      const totals = Object.fromEntries(
        IMPORT_ACTIONS.map((action) => [action, rows.filter((row) => row.action === action).length]),
      ) as ImportAnswer['totals'];
      return { dryRun: options.dryRun, applied: !options.dryRun && totals.refuse === 0, totals, rows };
    },
  );
}
