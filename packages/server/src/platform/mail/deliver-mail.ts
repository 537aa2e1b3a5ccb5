import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Locale } from '@parkhere/contract';
import type Mail from 'nodemailer/lib/mailer';
import type { RunningJob } from '../jobs/job-types.ts';
import type { MailOutcomes } from '../observability/mail-outcomes.ts';
import { type CalendarEvent, writeCalendar } from './calendar-event.ts';
import type { MailContext, MailValues, SharedValues } from './mail-context.ts';
import type { MailSettings } from './mail-data.ts';
import { localizedValues } from './mail-dates.ts';
import type { MailKind } from './mail-kind.ts';
import type { Mailer, SentMail } from './mailer.ts';
import { type RenderedMail, renderMail } from './render-template.ts';

/** A slot's floor plan: its bytes, or for one uploaded before 0007 its path under DATA_DIR. */
export type FloorPlan = { name: string; content: Buffer | null; path: string | null; contentType: string };

/** What the senders need besides the database. */
export type MailEnvironment = { mailer: Mailer; dataDir: string; publicUrl: string; outcomes: MailOutcomes };

export const FLOOR_PLAN_CID = 'floor-plan@parkhere';

export type Delivery = {
  /** The kind as its module declares it: its texts, its calendar event, its name. */
  kind: MailKind;
  locale: Locale;
  to: string[];
  /** The administrators' template for this mail (garage or configuration); the language's default when null. */
  configuredBody: string | null;
  /** The values its kind's sender builds (the shared ones are added here). */
  context: MailValues;
  attachments?: Mail.Attachment[];
  /** A template appended to the body, configured or not (e.g. a module's note under the body). */
  appendix?: string;
  /** The job that sends it, if one does: every attempt of it sends the same Message-ID. */
  job?: RunningJob;
  /**
   * The calendar event it is about, invited or cancelled as the kind declares (its `event`); or the events, one
   * invitation carrying each (a series' days, confirmed in one mail).
   */
  event?: MailEvent | readonly MailEvent[];
};

type MailEvent = Omit<CalendarEvent, 'organizer' | 'attendee'>;

const configuredSender = (settings: MailSettings): string | null =>
  settings.senderEmail !== null && settings.senderEmail.trim() !== '' ? settings.senderEmail : null;

const senderOf = (settings: MailSettings, publicUrl: string): string =>
  configuredSender(settings) ?? `ParkHere <no-reply@${new URL(publicUrl).hostname}>`;

/**
 * The invitation of a mail whose kind carries its event: sent from the sender to the recipient, as nodemailer
 * puts it both as the text/calendar alternative (Outlook and Gmail act on that) and as an invite.ics attachment.
 */
function invitationOf(
  delivery: Delivery,
  settings: MailSettings,
  publicUrl: string,
): Mail.Options['icalEvent'] | undefined {
  const method = delivery.kind.event;
  if (method === null || delivery.event === undefined) {
    return undefined;
  }
  const organizer = {
    name: 'ParkHere',
    email: configuredSender(settings) ?? `no-reply@${new URL(publicUrl).hostname}`,
  };
  const content = writeCalendar({
    timeZone: settings.timeZone,
    method,
    events: (Array.isArray(delivery.event) ? delivery.event : [delivery.event]).map((event: MailEvent) => ({
      ...event,
      // A CANCEL removes the event whatever state what it is about is in.
      cancelled: event.cancelled || method === 'CANCEL',
      organizer,
      attendee: delivery.context.recipient,
    })),
  });
  return { method, filename: 'invite.ics', content };
}

/**
 * A mail in its language, as it goes out: the configured body (or the language's built-in one) with the
 * appendix, the built-in subject, and the values written as the recipient reads them.
 */
export function composeMail(
  delivery: Pick<Delivery, 'kind' | 'locale' | 'configuredBody' | 'context' | 'appendix'>,
  shared: SharedValues,
): RenderedMail {
  const defaults = delivery.kind.templates[delivery.locale];
  const configured = delivery.configuredBody?.trim();
  return renderMail(
    {
      subject: defaults.subject,
      html: `${configured === undefined || configured === '' ? defaults.html : configured}${delivery.appendix ?? ''}`,
    },
    templateValues(delivery.context, delivery.locale, shared),
  );
}

/** What a template sees: the sender's values with the shared ones, written in the recipient's language. */
export const templateValues = (context: MailValues, locale: Locale, shared: SharedValues): MailContext =>
  localizedValues({ ...context, ...shared }, locale);

/**
 * The Message-ID of a mail sent by a job: the job's (its id, and when it was queued, so a database started
 * anew never repeats one) with the kind and recipients, as one job may send several. Every attempt of the job,
 * on any instance, sends the same, so a retry after a crash is the same message: captured mail writes it once,
 * and SMTP receivers that deduplicate by Message-ID show it once. Outside a job nodemailer makes one.
 */
function messageIdOf(delivery: Delivery, publicUrl: string): string | undefined {
  const job = delivery.job;
  if (job === undefined) {
    return undefined;
  }
  const recipients = createHash('sha256').update(delivery.to.join(',')).digest('hex').slice(0, 16);
  const queued = job.createdAt.getTime().toString(36);
  return `<${job.id}.${queued}.${delivery.kind.name}.${recipients}@${new URL(publicUrl).hostname}>`;
}

/** Renders a mail in its language (configured body or the default) and hands it to the mailer. */
export async function deliverMail(
  environment: MailEnvironment,
  settings: MailSettings,
  delivery: Delivery,
): Promise<SentMail> {
  const rendered = composeMail(delivery, {
    appUrl: environment.publicUrl,
    contactEmail: settings.contactEmail,
  });
  const invitation = invitationOf(delivery, settings, environment.publicUrl);
  const messageId = messageIdOf(delivery, environment.publicUrl);
  const message = {
    ...(messageId === undefined ? {} : { messageId }),
    from: senderOf(settings, environment.publicUrl),
    to: delivery.to,
    ...(settings.contactEmail === null ? {} : { replyTo: settings.contactEmail }),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    headers: { 'Content-Language': delivery.locale, 'X-ParkHere-Mail': delivery.kind.name },
    attachments: delivery.attachments ?? [],
    ...(invitation === undefined ? {} : { icalEvent: invitation }),
  };
  try {
    const sent = await environment.mailer.send(message);
    environment.outcomes.record(delivery.kind.name, { at: new Date(), ok: true });
    return sent;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    environment.outcomes.record(delivery.kind.name, { at: new Date(), ok: false, error: reason });
    throw error;
  }
}

/** The slot's floor plan as an inline image the confirmation shows by CID. */
export const floorPlanAttachment = (
  facts: { floorPlan: FloorPlan | null },
  dataDir: string,
): Mail.Attachment[] =>
  facts.floorPlan === null
    ? []
    : [
        {
          filename: facts.floorPlan.name,
          ...(facts.floorPlan.content === null
            ? { path: path.join(dataDir, facts.floorPlan.path ?? '') }
            : { content: facts.floorPlan.content }),
          contentType: facts.floorPlan.contentType,
          cid: FLOOR_PLAN_CID,
          contentDisposition: 'inline',
        },
      ];
