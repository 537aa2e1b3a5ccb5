import { declaredCounter } from './counter.ts';

/** Mails handed to the mailer and accepted (SMTP or the capture directory), by mail kind. */
export const mailsSent = declaredCounter('parkhere_mails_sent_total', 'Mails the mailer accepted.', ['kind']);

/** Mails the mailer refused or failed to send (their job retries, then dies), by mail kind. */
export const mailsFailed = declaredCounter(
  'parkhere_mails_failed_total',
  'Mails the mailer failed to send.',
  ['kind'],
);

/** The last delivery attempt of this instance, for the health answer: is mail failing right now? */
export type MailOutcome = { at: Date; ok: true } | { at: Date; ok: false; error: string };

let last: MailOutcome | undefined;

/** Counts a delivery's outcome and remembers it as the latest. */
export const recordMailOutcome = (kind: string, outcome: MailOutcome): void => {
  (outcome.ok ? mailsSent : mailsFailed).inc({ kind });
  last = outcome;
};

/** This process's latest delivery attempt, or undefined when it has sent nothing yet. */
export const lastMailOutcome = (): MailOutcome | undefined => last;
