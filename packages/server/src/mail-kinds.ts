import type { MailTemplateField } from '@parkhere/contract';
import * as doormen from './modules/doormen/index.ts';
import * as draw from './modules/draw/index.ts';
import * as notifications from './modules/notifications/index.ts';
import * as waitlist from './modules/waitlist/index.ts';
import type { MailKind } from './platform/mail/mail-kind.ts';

/*
 * The mail kinds, assembled from the modules as registry.ts assembles operations and jobs.ts job kinds: each
 * module's index.ts declares its kinds (`mailKinds`: texts, calendar event, placeholders, template field,
 * preview sample); platform/mail renders, delivers, checks and previews the kind it is handed. A kind without
 * one of its parts fails to compile where its module declares it.
 */
export const mailKinds = {
  ...notifications.mailKinds,
  ...doormen.mailKinds,
  ...waitlist.mailKinds,
  ...draw.mailKinds,
} satisfies Record<string, MailKind>;

type Kinds = typeof mailKinds;
/** The administrators' template fields the kinds declare as their body. */
type DeclaredField = {
  [K in keyof Kinds]: Kinds[K] extends { templateField: infer F } ? F : never;
}[keyof Kinds];

/**
 * The mail each administrators' template is the body of (the doormen's: their daily arrivals). Every template
 * field must be some kind's, or this fails to compile.
 */
export const TEMPLATE_FIELD_KINDS = Object.fromEntries(
  Object.values(mailKinds).flatMap((kind: MailKind) =>
    kind.templateField === undefined ? [] : [[kind.templateField, kind]],
  ),
) as Record<MailTemplateField & DeclaredField, MailKind> satisfies Record<MailTemplateField, MailKind>;
