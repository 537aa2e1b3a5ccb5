import type { Locale, MailTemplateField } from '@parkhere/contract';
import type { CalendarMethod } from './calendar-event.ts';
import type { MailValues } from './mail-context.ts';

/*
 * What a kind of mail is, as the module that sends it declares it (its index.ts `mailKinds`); the composition
 * root (src/mail-kinds.ts) assembles them. Platform renders, delivers, checks and previews a kind it is handed,
 * and names none.
 */

export type MailTemplate = { subject: string; html: string };

/** What a placeholder is, in the administrators' languages. */
export type PlaceholderDescription = Record<Locale, string>;

export type MailKind = {
  /** Its name, in the mail's X-ParkHere-Mail header and Message-ID. */
  name: string;
  /** The built-in subject and body of each language; an administrators' template replaces the body only. */
  templates: Record<Locale, MailTemplate>;
  /**
   * The calendar event it carries, an iCalendar invitation of what it is about: REQUEST adds or moves it in the
   * recipient's calendar, CANCEL removes it, null carries none. Every kind says which.
   */
  event: CalendarMethod | null;
  /** The placeholders it fills, what its template may use, each with what it is. */
  placeholders: Readonly<Record<string, PlaceholderDescription>>;
  /** The administrators' template that is its body, when there is one (Configuration settings, the garage). */
  templateField?: MailTemplateField;
  /** Believable values of a mail of this kind, for the administrators' preview; `appUrl` builds its links. */
  sample: (locale: Locale, appUrl: string) => MailValues;
};
