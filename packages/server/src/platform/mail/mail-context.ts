import type { Locale } from '@parkhere/contract';

/*
 * What a mail template sees, whatever its kind (the kinds are the modules': src/mail-kinds.ts): the values its
 * kind's sender builds, and what every mail shares. Platform knows only whom a mail goes to and the shared
 * values; each module documents its own (its kinds' placeholders, what the administrators' preview lists).
 */

export const DEFAULT_LOCALE: Locale = 'hu-HU';

/** The values a mail kind's sender builds (and its preview sample): whom it goes to, and whatever its kind fills. */
export type MailValues = { recipient: { name: string; email: string } } & {
  readonly [name: string]: unknown;
};

/** What every mail's template may use besides: the app's address and the configuration's contact. */
export type SharedValues = { appUrl: string; contactEmail: string | null };

/** Everything a template renders against. */
export type MailContext = MailValues & SharedValues;
