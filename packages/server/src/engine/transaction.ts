import { sql } from 'kysely';
import { stampTransaction, userStamp } from '../platform/db/actor-stamp.ts';
import { retryingDeadlocks } from '../platform/db/deadlock-retry.ts';
import { EntityNotFoundError, ForbiddenError } from '../platform/errors.ts';
import type { EngineContext } from './context.ts';
import { fromDatabaseError } from './database-errors.ts';
import type { EntitySource } from './source.ts';

/** Carries a dry run's answer out of the transaction it rolled back. */
class DryRun extends Error {
  constructor(readonly result: unknown) {
    super('dry run');
  }
}

/**
 * Runs a write in one transaction, stamped with the actor for the audit log (platform/db/actor-stamp.ts), and
 * again when PostgreSQL broke a deadlock by aborting it (platform/db/deadlock-retry.ts);
 * `dryRun` rolls it back after every check and constraint has had its say (`~validate`); as a function it
 * decides by the work's result (an import with a refused row). On PGlite every query inside must go through
 * the transaction's context.
 */
export const inTransaction = async <T>(
  context: EngineContext,
  dryRun: boolean | ((result: T) => boolean),
  work: (transaction: EngineContext) => Promise<T>,
): Promise<T> => {
  try {
    return await retryingDeadlocks(() =>
      context.db.transaction().execute(async (db) => {
        await stampTransaction(db, userStamp(context.scope.userId, context.scope.origin));
        const result = await work({ ...context, db });
        if (typeof dryRun === 'function' ? dryRun(result) : dryRun) {
          throw new DryRun(result);
        }
        return result;
      }),
    );
  } catch (error) {
    if (error instanceof DryRun) {
      return error.result as T;
    }
    throw fromDatabaseError(context.registry.constraints, error);
  }
};

type Locked = { version: number; visible: boolean; allowed: boolean };

/** Invisible → 404 (no hint it exists), visible but not the actor's to change → 403; else the stored version. */
const lockedVersion = (row: Locked | undefined): number => {
  if (row === undefined || !row.visible) {
    throw new EntityNotFoundError();
  }
  if (!row.allowed) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
  return row.version;
};

/** The row's version, whether the actor sees it and may change it (`right`) as SQL over the row `o`. */
const lockedColumns = (context: EngineContext, source: EntitySource, right: 'updateable' | 'deleteable') =>
  sql`o.version, (${source.scope('o', context.scope)}) AS visible, (${source[right]('o', context.scope)}) AS allowed`;

/**
 * Locks the row and checks the actor's right on it: invisible → 404 (no hint it exists), visible but not
 * theirs to change → 403. Returns the stored version.
 */
export const lockRow = async (
  context: EngineContext,
  source: EntitySource,
  id: string,
  right: 'updateable' | 'deleteable',
): Promise<number> => {
  const result = await sql<Locked>`SELECT ${lockedColumns(context, source, right)}
    FROM ${sql.raw(source.table)} o WHERE o.id = ${id} FOR UPDATE`.execute(context.db);
  return lockedVersion(result.rows[0]);
};

/**
 * Locks rows as lockRow locks one, in one statement (in the order of their ids, so two such writes cannot
 * deadlock): the first row refused is the whole call's 404 or 403. Answers each row's stored version by id.
 */
export const lockRows = async (
  context: EngineContext,
  source: EntitySource,
  ids: readonly string[],
  right: 'updateable' | 'deleteable',
): Promise<Map<string, number>> => {
  const keys = JSON.stringify(ids.map((id) => ({ id })));
  const result = await sql<
    Locked & { id: string }
  >`SELECT o.id::text AS id, ${lockedColumns(context, source, right)}
    FROM ${sql.raw(source.table)} o
    WHERE o.id IN (SELECT p.id FROM json_populate_recordset(NULL::${sql.raw(source.table)}, ${keys}::json) p)
    ORDER BY o.id FOR UPDATE OF o`.execute(context.db);
  const found = new Map(result.rows.map((row) => [row.id, row]));
  return new Map(ids.map((id) => [id, lockedVersion(found.get(id))]));
};

/** Whether the actor sees the row (for operations and relation owners). */
export const assertVisible = async (
  context: EngineContext,
  source: EntitySource,
  id: string,
): Promise<void> => {
  const result = await sql`SELECT 1 AS one FROM ${sql.raw(source.table)} o
    WHERE o.id = ${id} AND ${source.scope('o', context.scope)}`.execute(context.db);
  if (result.rows.length === 0) {
    throw new EntityNotFoundError();
  }
};
