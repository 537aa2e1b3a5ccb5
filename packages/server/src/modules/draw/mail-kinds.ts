import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { requestDayPlaceholders, sampleRequestDay } from '../notifications/index.ts';
import { servedConfirmationKind } from '../waitlist/index.ts';

/*
 * The draw's mails: a winner's reservation (its one confirmation, with the calendar invitation, saying the
 * draw gave it) and a lost request (on the waitlist in draw order, or not). Both in the built-in text.
 */
export const mailKinds = {
  drawWon: servedConfirmationKind('draw-won', {
    'hu-HU': {
      subject: 'Nyert a sorsoláson: {{reservation.date}} {{reservation.slot}}',
      lead: 'A sorsoláson parkolóhelyet nyert; a foglalást rögzítettük:',
    },
    'en-US': {
      subject: 'You won the draw: {{reservation.date}} {{reservation.slot}}',
      lead: 'you won a parking slot in the draw, and it is now reserved for you:',
    },
  }),
  drawLost: {
    name: 'draw-lost',
    templates: {
      'hu-HU': {
        subject: 'Nem nyert a sorsoláson: {{date}} {{startTime}} – {{endTime}}',
        html: '<p>Kedves {{recipient.name}}!</p><p>A(z) {{date}} {{startTime}} – {{endTime}} időszakra most nem jutott Önnek parkolóhely a sorsoláson.</p>{{#if waiting}}<p>Felkerült a várólistára, a sorsolás sorrendjében: ha felszabadul egy hely, automatikusan lefoglaljuk Önnek.</p>{{else}}<p>Erre a napra nem kerülhetett várólistára.</p>{{/if}}',
      },
      'en-US': {
        subject: 'No slot in the draw: {{date}} {{startTime}} – {{endTime}}',
        html: '<p>Dear {{recipient.name}},</p><p>the draw for {{date}} {{startTime}} – {{endTime}} did not give you a parking slot this time.</p>{{#if waiting}}<p>You are on the waitlist, in draw order: if a slot becomes free, it is reserved for you automatically.</p>{{else}}<p>You could not be put on the waitlist for this day.</p>{{/if}}',
      },
    },
    event: null,
    placeholders: requestDayPlaceholders(['waiting']),
    sample: () => ({ ...sampleRequestDay(), waiting: true }),
  },
} satisfies Record<string, MailKind>;
