import type { Kysely } from 'kysely';
import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { JobContext } from '../../platform/jobs/job-types.ts';
import { type MailCharge, refundMail } from '../../platform/mail/mail-limits.ts';

/*
 * The mail budgets count mails sent (platform/mail/mail-limits.ts): a mail to a guest or the doormen spends
 * its budget when it is queued, and its job gives that back when the mail does not go out after all (its
 * reservation was deleted first).
 */

/**
 * Gives back what the job's unsent mail was charged, in `transaction`, which completes the job: a job run again
 * gives it back once, and a job another worker took over meanwhile gives back nothing here (that one does).
 */
export async function refundUnsentIn(
  transaction: Kysely<DB>,
  context: JobContext,
  charge: MailCharge | undefined,
): Promise<void> {
  if (charge !== undefined && (await context.complete(transaction))) {
    await refundMail(transaction, charge);
  }
}

/** `refundUnsentIn`, in a transaction of its own. */
export async function refundUnsent(context: JobContext, charge: MailCharge | undefined): Promise<void> {
  if (charge !== undefined) {
    await stampedTransaction(context.db, context.stamp, (transaction) =>
      refundUnsentIn(transaction, context, charge),
    );
  }
}
