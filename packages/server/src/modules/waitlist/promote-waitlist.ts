import type { LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { JobRequest } from '../../platform/jobs/queue.ts';
import { createReservationIn } from '../reservations/index.ts';
import { freeSlotIds, lockWaitingEntries, markPromoted, type WaitingEntry } from './repository.ts';
import { afterFailedAttempt } from './waitlist-rules.ts';

/**
 * Promotion of a date's waitlist. Queued (by migration 0009's triggers) in the transaction of whatever may
 * free a slot, so it runs after that change committed; due at once whatever the app's clock says.
 */
export const promoteJob = (date: LocalDate): JobRequest<'waitlist.promote'> => ({
  kind: 'waitlist.promote',
  payload: { date },
  runAt: new Date(0),
});

/** The promoted reservation's one confirmation, in place of the create's: it says it came from the waitlist. */
export const promotedMailJob = (reservationId: string): JobRequest<'mail.waitlist-promoted'> => ({
  kind: 'mail.waitlist-promoted',
  payload: { reservationId },
  idempotencyKey: `waitlist-promoted:${reservationId}`,
});

type Attempt = { created: string } | 'slot taken' | 'refused';

/**
 * One create for the entry on the slot, behind a savepoint, so a refusal leaves the promotion's transaction
 * (and its locks on the date's entries) as it was.
 */
async function attempt(db: Kysely<DB>, entry: WaitingEntry, slotId: string, now: Date): Promise<Attempt> {
  await sql`SAVEPOINT waitlist_promotion`.execute(db);
  try {
    const created = await createReservationIn(db, {
      panel: 'user',
      // The owner reserves for themself, as a user: every rule of their own create applies.
      scope: { userId: entry.userId, email: entry.email, isAdministrator: false, isDoorman: false },
      input: {
        reservationType: entry.type,
        date: entry.date,
        startTime: entry.startTime,
        endTime: entry.endTime,
        guestName: entry.guestName,
        guestEmail: entry.guestEmail,
        guestLicensePlate: entry.guestLicensePlate,
        sendNotification: entry.sendNotification,
        reminderBeforeReservation: entry.reminderBefore,
        instantNotificateTheDoorman: entry.notifyDoorman,
        // The entry joined under the same rule: a holiday day was confirmed then, or there was none.
        confirmHoliday: true,
      } as Parameters<typeof createReservationIn>[1]['input'],
      userId: entry.userId,
      carId: entry.carId,
      slotId,
      now,
      answer: () => sql`NULL`,
      confirmation: promotedMailJob,
      createdBy: entry.createdBy ?? entry.email,
    });
    await sql`RELEASE SAVEPOINT waitlist_promotion`.execute(db);
    const [id] = created.ids;
    return id === undefined ? 'refused' : { created: id };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT waitlist_promotion`.execute(db);
    switch (afterFailedAttempt(error)) {
      case 'next slot':
        return 'slot taken';
      case 'keep waiting':
        return 'refused';
      case 'fail':
        throw error;
    }
  }
}

/**
 * Serves the date's WAITING entries in order from the slots free for them, in one transaction: each entry
 * not started yet gets the first free slot it may use (its chosen garage or any of the owner's), under every
 * rule of a create; a slot lost to a concurrent create is followed by the next one; a rule refusal (quota,
 * working day, noon rule, an own overlapping reservation) leaves it waiting for a later freed slot.
 * Exactly once: the entries are locked, so a second promoter of the date waits and then sees them PROMOTED,
 * and the slot's exclusion constraint lets one reservation of it through. Returns how many were promoted.
 */
export async function promoteWaitlist(db: Kysely<DB>, date: LocalDate, now: Date): Promise<number> {
  return db.transaction().execute(async (transaction) => {
    const entries = await lockWaitingEntries(transaction, date, now);
    let promoted = 0;
    for (const entry of entries) {
      const outcome = await serve(transaction, entry, now);
      if (outcome !== null) {
        await markPromoted(transaction, entry.id, outcome.created);
        promoted += 1;
      }
    }
    return promoted;
  });
}

/** Free slots are looked at a few at a time, in slot order. */
const SLOTS_PER_LOOK = 4;

/** The entry's reservation on the first free slot that takes it; null when a rule refuses or none is free. */
async function serve(db: Kysely<DB>, entry: WaitingEntry, now: Date): Promise<{ created: string } | null> {
  const scope = {
    userId: entry.userId,
    actorIsAdministrator: false,
    garageId: entry.garageId,
    interval: { start: entry.start, end: entry.end },
  };
  let after: string | null = null;
  for (;;) {
    const slots = await freeSlotIds(db, scope, SLOTS_PER_LOOK, after);
    for (const slotId of slots) {
      const outcome = await attempt(db, entry, slotId, now);
      if (outcome !== 'slot taken') {
        return outcome === 'refused' ? null : outcome;
      }
      after = slotId;
    }
    if (slots.length < SLOTS_PER_LOOK) {
      return null;
    }
  }
}
