import type { LocalDate } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import { type Stamp, stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { declaredCounter } from '../../platform/observability/counter.ts';
import { serveRequest } from '../reservations/index.ts';
import type { WaitlistJob } from './jobs.ts';
import { lockWaitingEntries, markPromoted, type Promotion } from './repository.ts';

/**
 * Promotion of a date's waitlist. Queued (by migration 0009's triggers) in the transaction of whatever may
 * free a slot, so it runs after that change committed; due at once whatever the app's clock says.
 */
export const promoteJob = (date: LocalDate): WaitlistJob<'waitlist.promote'> => ({
  kind: 'waitlist.promote',
  payload: { date },
  runAt: new Date(0),
});

/** The promoted reservation's one confirmation, in place of the create's: it says it came from the waitlist. */
export const promotedMailJob = (reservationId: string): WaitlistJob<'mail.waitlist-promoted'> => ({
  kind: 'mail.waitlist-promoted',
  payload: { reservationId },
  idempotencyKey: `waitlist-promoted:${reservationId}`,
});

/** Waitlist entries promoted to reservations, counted by the promotion job once committed. */
export const waitlistPromoted = declaredCounter(
  'parkhere_reservations_promoted_total',
  'Reservations made by promoting a waitlist entry.',
);

/**
 * Serves the date's WAITING entries in order from the slots free for them, in one transaction: each entry
 * not started yet gets the first free slot it may use (its chosen garage or any of the owner's), under every
 * rule of a create; a slot lost to a concurrent create is followed by the next one; a rule refusal (quota,
 * working day, noon rule, an own overlapping reservation) leaves it waiting for a later freed slot.
 * Exactly once: the entries are locked, so a second promoter of the date waits and then sees them PROMOTED,
 * and the slot's exclusion constraint lets one reservation of it through. Returns how many were promoted.
 * `stamp`: who the audit log records for the transaction's changes (the job, for the reason 'waitlist promotion');
 * `mailLimits`: the promoted reservations' guest and doormen's mails spend their owners' budgets.
 */
export async function promoteWaitlist(
  db: Kysely<DB>,
  date: LocalDate,
  { now, stamp, mailLimits }: { now: Date; stamp: Stamp; mailLimits: MailLimits },
): Promise<number> {
  return stampedTransaction(db, stamp, async (transaction) => {
    const entries = await lockWaitingEntries(transaction, date, now);
    const promotions: Promotion[] = [];
    for (const entry of entries) {
      const outcome = await serveRequest(transaction, entry, entry, {
        now,
        confirmation: promotedMailJob,
        mailLimits,
      });
      if (outcome !== null) {
        promotions.push({ entryId: entry.id, reservationId: outcome.created });
      }
    }
    // Marked together: the entries are locked, and nothing the creates read looks at their status.
    await markPromoted(transaction, promotions);
    return promotions.length;
  });
}
