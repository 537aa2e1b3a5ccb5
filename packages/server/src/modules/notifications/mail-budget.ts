import type { Notice } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { type MailLimits, mayMailGuest, mayNotifyDoormen } from '../../platform/mail/mail-limits.ts';

/*
 * The mails a reservation change sends to people other than its owner (its guest, the doormen) spend the
 * budget of the user who makes the change (platform/mail/mail-limits.ts). Decided in the change's transaction,
 * before its mails are queued: over the budget the change is made all the same, the mail is not queued, and
 * the answer's notice tells the user so.
 */

/** Whose budget a change spends: the user who makes it, under the server's limits. */
export type MailBudget = { limits: MailLimits; userId: string };

/** Which of those mails may be queued, and the notices of those that may not. */
export type OthersMails = { guest: boolean; doormen: boolean; notices: Notice[] };

/** Nothing to decide: a change that mails nobody but its owner. */
export const OWNER_MAILS_ONLY: OthersMails = { guest: true, doormen: true, notices: [] };

/**
 * A created reservation's mails to others: its guest's confirmation (when it has an address) and the
 * doormen's instant notice (when asked for), each spending the budget.
 */
export async function othersMailsOfCreate(
  db: Executor,
  budget: MailBudget,
  wanted: { guestEmail: string | null; notifyDoorman: boolean },
  now: Date,
): Promise<OthersMails> {
  const guest = wanted.guestEmail === null || (await guestMayBeMailed(db, budget, wanted.guestEmail, now));
  const doormen = !wanted.notifyDoorman || (await mayNotifyDoormen(db, budget.limits, budget.userId, now));
  return {
    guest,
    doormen,
    notices: [
      ...(guest ? [] : ['GUEST_NOT_MAILED' as const]),
      ...(doormen ? [] : ['DOORMEN_NOT_NOTIFIED' as const]),
    ],
  };
}

/** Whether a mail to the guest at `guestEmail` may be queued, spending the budget. */
export const guestMayBeMailed = (
  db: Executor,
  budget: MailBudget,
  guestEmail: string,
  now: Date,
): Promise<boolean> => mayMailGuest(db, budget.limits, { userId: budget.userId, guestEmail }, now);
