import type { Notice } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import {
  chargeAddressedMail,
  chargeUserNotice,
  type MailAllowance,
  type MailLimits,
} from '../../platform/mail/mail-limits.ts';

/*
 * The mails a reservation change sends to people other than its owner (its guest, the doormen) spend the
 * budget of the user who makes the change (platform/mail/mail-limits.ts). Decided in the change's transaction,
 * before its mails are queued: over the budget the change is made all the same, the mail is not queued, and
 * the answer's notice tells the user so. A queued mail's job carries what it was charged, and gives it back
 * when the mail does not go out (send-guest-mail.ts, `refundUnsent`).
 */

/** Whose budget a change spends: the user who makes it, under the server's limits. */
export type MailBudget = { limits: MailLimits; userId: string };

/** The budget of the caller who makes the change (an operation's or a write's): they spend their own. */
export const callersBudget = (call: { scope: { userId: string }; mailLimits: MailLimits }): MailBudget => ({
  limits: call.mailLimits,
  userId: call.scope.userId,
});

/** Which of those mails may be queued (with what each was charged), and the notices of those that may not. */
export type OthersMails = { guest: MailAllowance; doormen: MailAllowance; notices: Notice[] };

const FREE: MailAllowance = { allowed: true };

/** Nothing to decide: a change that mails nobody but its owner. */
export const OWNER_MAILS_ONLY: OthersMails = { guest: FREE, doormen: FREE, notices: [] };

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
  const guest = wanted.guestEmail === null ? FREE : await chargeGuest(db, budget, wanted.guestEmail, now);
  const doormen = wanted.notifyDoorman ? await chargeUserNotice(db, budget.limits, budget.userId, now) : FREE;
  return {
    guest,
    doormen,
    notices: [
      ...(guest.allowed ? [] : ['GUEST_NOT_MAILED' as const]),
      ...(doormen.allowed ? [] : ['DOORMEN_NOT_NOTIFIED' as const]),
    ],
  };
}

/** Whether a mail to the guest at `guestEmail` may be queued, spending the budget. */
export const chargeGuest = (
  db: Executor,
  budget: MailBudget,
  guestEmail: string,
  now: Date,
): Promise<MailAllowance> =>
  chargeAddressedMail(db, budget.limits, { userId: budget.userId, email: guestEmail }, now);
