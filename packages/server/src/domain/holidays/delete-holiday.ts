import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { BusinessError } from '../errors.ts';
import { type ActorScope, configuredToday } from '../policy.ts';

/**
 * Holiday.deleteHoliday: users delete their own holidays that have not started; administrators any.
 * Reservations deleted when the holiday was saved stay deleted (DESIGN §4).
 */
export async function deleteHoliday(
  db: Kysely<DB>,
  { holidayId, scope, now }: { holidayId: string; scope: ActorScope; now: Date },
): Promise<void> {
  const result = await db
    .deleteFrom('holidays')
    .where('id', '=', holidayId)
    .where((eb) =>
      scope.isAdministrator
        ? eb.val(true)
        : eb('userId', '=', scope.userId).and('startDate', '>=', sql<string>`${configuredToday(now)}`),
    )
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) {
    throw new BusinessError('NOT_VALID_DATA', 'A holiday that has started cannot be deleted.');
  }
}
