import { sql } from 'kysely';
import { emailDomain } from '../auth/resolve-actor.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/executor.ts';

/*
 * What a user may make the server mail to people who did not ask for it (issue 25, item 1): mails to an
 * address outside the allowed domains, and notices a user's change sends to others (which mails are such is the
 * senders' to say: modules/notifications' mail-budget.ts). As a mail system limits a
 * sender, each user has an hourly budget and each outside address a daily one, counted in the database
 * (migration 0016), so every instance spends the same budget. Over either, the mail is not queued: the change
 * it tells of still happens. A mail is counted when it is queued and given back when it never goes out (what
 * it tells of was undone first), so the budgets count the mails sent.
 */

export type MailLimits = {
  /** The company's domains (ALLOWED_EMAIL_DOMAINS): mail to them is not counted per recipient. */
  allowedDomains: readonly string[];
  /** Counted mails one user may cause per hour (MAIL_LIMIT_PER_USER_HOUR). */
  perUserPerHour: number;
  /** Mails one outside address may get per day (MAIL_LIMIT_PER_RECIPIENT_DAY). */
  perRecipientPerDay: number;
};

/** The limits the configuration sets: ALLOWED_EMAIL_DOMAINS and the MAIL_LIMIT_* budgets. */
export const mailLimitsOf = (config: Pick<Config, 'allowedEmailDomains' | 'mailLimits'>): MailLimits => ({
  allowedDomains: config.allowedEmailDomains,
  ...config.mailLimits,
});

/** Whether an address is outside the company's domains, so that mail to it counts toward its own budget. */
export const isOutsideAddress = (limits: MailLimits, address: string): boolean =>
  !limits.allowedDomains.includes(emailDomain(address.trim()));

type Counter = { scope: 'user' | 'recipient'; key: string; window: string; limit: number };

/**
 * Counts one mail on a counter unless its window is full. One statement: the upsert locks the counter's row
 * and judges the row as the last committed change left it, so two parallel mails never both get the last slot.
 * A window starts at the first mail counted after the previous one ended.
 */
async function take(db: Executor, counter: Counter, now: Date): Promise<boolean> {
  if (counter.limit <= 0) {
    return false;
  }
  const at = now.toISOString();
  const expired = sql`c.window_start <= ${at}::timestamptz - ${counter.window}::interval`;
  const taken = await sql`INSERT INTO mail_limit_counts AS c (scope, key, window_start, sent)
    VALUES (${counter.scope}, ${counter.key}, ${at}::timestamptz, 1)
    ON CONFLICT (scope, key) DO UPDATE
      SET window_start = CASE WHEN ${expired} THEN excluded.window_start ELSE c.window_start END,
        sent = CASE WHEN ${expired} THEN 1 ELSE c.sent + 1 END
      WHERE ${expired} OR c.sent < ${counter.limit}
    RETURNING sent`.execute(db);
  return taken.rows.length > 0;
}

/** Gives back a mail counted a moment ago in the same transaction (its row is still locked by it). */
const giveBack = (db: Executor, counter: Counter) =>
  sql`UPDATE mail_limit_counts SET sent = sent - 1
    WHERE scope = ${counter.scope} AND key = ${counter.key} AND sent > 0`.execute(db);

const userCounter = (limits: MailLimits, userId: string): Counter => ({
  scope: 'user',
  key: userId,
  window: '1 hour',
  limit: limits.perUserPerHour,
});

/**
 * What a queued mail was counted on, and when (ISO): the user's counter, and the outside address's (null for
 * a mail counted on the user's only). Its job carries it, to give it back if the mail never goes out.
 */
export type MailCharge = { userId: string; recipient: string | null; at: string };

/** Whether a mail may be queued, and what it was counted on (none: a mail that is not counted). */
export type MailAllowance = { allowed: false } | { allowed: true; charge?: MailCharge };

/**
 * Whether a user's mail to an address may go out, spending its budgets: mail to the company's own addresses is
 * free; to an outside address it spends one of the user's hourly budget and one of the address's daily budget,
 * or nothing when either is used up. Call it in the transaction that queues the mail, so a change that rolls
 * back spends nothing.
 */
export async function chargeAddressedMail(
  db: Executor,
  limits: MailLimits,
  mail: { userId: string; email: string },
  now: Date,
): Promise<MailAllowance> {
  const recipient = mail.email.trim().toLowerCase();
  if (!isOutsideAddress(limits, recipient)) {
    return { allowed: true };
  }
  const user = userCounter(limits, mail.userId);
  if (!(await take(db, user, now))) {
    return { allowed: false };
  }
  const address: Counter = {
    scope: 'recipient',
    key: recipient,
    window: '1 day',
    limit: limits.perRecipientPerDay,
  };
  if (await take(db, address, now)) {
    return { allowed: true, charge: { userId: mail.userId, recipient, at: now.toISOString() } };
  }
  await giveBack(db, user);
  return { allowed: false };
}

/** Whether a notice the user causes may go out, whoever gets it: it spends one of the user's hourly budget. */
export const chargeUserNotice = async (
  db: Executor,
  limits: MailLimits,
  userId: string,
  now: Date,
): Promise<MailAllowance> =>
  (await take(db, userCounter(limits, userId), now))
    ? { allowed: true, charge: { userId, recipient: null, at: now.toISOString() } }
    : { allowed: false };

/**
 * Gives back a queued mail that never went out. Only to a counter whose window began at or before the mail was
 * counted: a later window never counted it. Call it in the transaction that completes the mail's job, so a job
 * run again gives it back once.
 */
export const refundMail = (db: Executor, charge: MailCharge) =>
  sql`UPDATE mail_limit_counts SET sent = sent - 1
    WHERE sent > 0 AND window_start <= ${charge.at}::timestamptz
      AND ((scope = 'user' AND key = ${charge.userId}) OR (scope = 'recipient' AND key = ${charge.recipient}))`.execute(
    db,
  );
