import { errorRefs, jsonAnswer, PERSONAL_DATA_PATH } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import type { RawBuilder } from 'kysely';
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

/** A part that is one list: the rows `query` selects of the user's, under `name`. */
export const listPart =
  (name: string, query: (userId: string) => RawBuilder<Record<string, unknown>>): PersonalDataPart =>
  async (db, userId) => ({ [name]: (await query(userId).execute(db)).rows });
