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

/**
 * An app instance's delivery outcomes: each is counted (the process's metrics) and the latest is kept for its
 * health answer. The instance's, not the module's: two apps in one process (the tests') each say their own.
 */
export type MailOutcomes = {
  record: (kind: string, outcome: MailOutcome) => void;
  /** The latest delivery attempt, or undefined when nothing was sent yet. */
  last: () => MailOutcome | undefined;
};

export function createMailOutcomes(): MailOutcomes {
  let last: MailOutcome | undefined;
  return {
    record: (kind, outcome) => {
      (outcome.ok ? mailsSent : mailsFailed).inc({ kind });
      last = outcome;
    },
    last: () => last,
  };
}
