import { errorRefs, jsonAnswer, PERSONAL_DATA_PATH } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from './db/executor.ts';

/**
 * What one module holds about a user, for their own copy of their data (issue 27, item 5): named parts of the
 * answer, read by the module that owns the tables. Never a secret (a feed's token), never another user's data.
 */
export type PersonalDataPart = (db: Executor, userId: string) => Promise<Record<string, unknown>>;

/**
 * `GET /api/personal-data`: everything the parts hold about the signed-in caller (only them), as a JSON
 * attachment, read in one transaction so the parts agree.
 */
export async function personalDataRoutes(
  api: FastifyInstance,
  options: { parts: readonly PersonalDataPart[] },
): Promise<void> {
  api.get(
    `/${PERSONAL_DATA_PATH}`,
    {
      config: {
        describe: {
          summary: 'Everything ParkHere holds about the signed-in user, as a JSON attachment',
          tags: ['Users'],
          responses: {
            '200': jsonAnswer(
              'Profile, cars, reservations, holidays, waitlist places, draw requests and priorities, calendar feed.',
              {
                type: 'object',
              },
            ),
            ...errorRefs(['401', '403', '500']),
          },
        },
      },
    },
    async (request, reply) => {
      const userId = (await api.actorOf(request)).user.id;
      const data = await api.database.db.transaction().execute(async (transaction) => {
        const parts = [];
        for (const part of options.parts) {
          parts.push(await part(transaction, userId));
        }
        return Object.assign({}, ...parts) as Record<string, unknown>;
      });
      return reply
        .header('Content-Disposition', 'attachment; filename="parkhere-personal-data.json"')
        .header('Cache-Control', 'no-store')
        .send({ exportedAt: api.clock().toISOString(), ...data });
    },
  );
}

const camelCase = (key: string): string =>
  key.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

/**
 * The rows `query` selects, as PostgreSQL writes them in JSON, as the engine's answers are: a date stays the
 * day it is (`YYYY-MM-DD`, where pg would make it a Date at the server's midnight, an instant), a time
 * `HH:MM:SS`, an instant ISO 8601; the keys in camelCase as every answer's. The outer select keeps the
 * query's order (a scan of an ordered subquery, nothing joined or grouped).
 */
export async function jsonRows(db: Executor, query: RawBuilder<unknown>): Promise<Record<string, unknown>[]> {
  const found = await sql<{ row: Record<string, unknown> }>`SELECT to_json(part) AS row
    FROM (${query}) part`.execute(db);
  return found.rows.map(({ row }) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [camelCase(key), value])),
  );
}

/** A part that is one list: the rows `query` selects of the user's, under `name`. */
export const listPart =
  (name: string, query: (userId: string) => RawBuilder<unknown>): PersonalDataPart =>
  async (db, userId) => ({ [name]: await jsonRows(db, query(userId)) });
