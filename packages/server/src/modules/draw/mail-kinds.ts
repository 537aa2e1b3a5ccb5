import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { requestDayPlaceholders, sampleRequestDay } from '../notifications/index.ts';
import { servedConfirmationKind } from '../waitlist/index.ts';

/*
 * The draw's mails: a winner's reservation (its one confirmation, with the calendar invitation, saying the
 * draw gave it), a request booked in request order because its garage stopped drawing (the same confirmation)
 * and a lost request (on the waitlist in draw order, or not; `settled`: not drawn, no slot left in request
 * order). All in the built-in text.
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
  drawSettled: servedConfirmationKind('draw-settled', {
    'hu-HU': {
      subject: 'Foglalás a kérése alapján: {{reservation.date}} {{reservation.slot}}',
      lead: 'a parkoló már nem sorsol, ezért a kéréseket beérkezésük sorrendjében foglaltuk le; az Öné rögzítve:',
    },
    'en-US': {
      subject: 'Your request is booked: {{reservation.date}} {{reservation.slot}}',
      lead: 'the garage no longer draws its slots, so requests were booked in the order they came, and yours is now reserved for you:',
    },
  }),
  drawLost: {
    name: 'draw-lost',
    templates: {
      'hu-HU': {
        subject:
          '{{#if settled}}Nem jutott hely{{else}}Nem nyert a sorsoláson{{/if}}: {{date}} {{startTime}} – {{endTime}}',
        html: '<p>Kedves {{recipient.name}}!</p>{{#if settled}}<p>A parkoló már nem sorsol: a kéréseket beérkezésük sorrendjében foglaltuk le, és a(z) {{date}} {{startTime}} – {{endTime}} időszakra nem maradt Önnek parkolóhely.</p>{{else}}<p>A(z) {{date}} {{startTime}} – {{endTime}} időszakra most nem jutott Önnek parkolóhely a sorsoláson.</p>{{/if}}{{#if waiting}}<p>Felkerült a várólistára, a sorsolás sorrendjében: ha felszabadul egy hely, automatikusan lefoglaljuk Önnek.</p>{{else}}<p>Erre a napra nem kerülhetett várólistára.</p>{{/if}}',
      },
      'en-US': {
        subject:
          '{{#if settled}}No slot for your request{{else}}No slot in the draw{{/if}}: {{date}} {{startTime}} – {{endTime}}',
        html: '<p>Dear {{recipient.name}},</p>{{#if settled}}<p>the garage no longer draws its slots, so requests were booked in the order they came, and none was left for you on {{date}} {{startTime}} – {{endTime}}.</p>{{else}}<p>the draw for {{date}} {{startTime}} – {{endTime}} did not give you a parking slot this time.</p>{{/if}}{{#if waiting}}<p>You are on the waitlist, in draw order: if a slot becomes free, it is reserved for you automatically.</p>{{else}}<p>You could not be put on the waitlist for this day.</p>{{/if}}',
      },
    },
    event: null,
    placeholders: requestDayPlaceholders(['waiting', 'settled']),
    sample: () => ({ ...sampleRequestDay(), waiting: true, settled: false }),
  },
} satisfies Record<string, MailKind>;
