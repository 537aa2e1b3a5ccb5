import type { Locale } from '@parkhere/contract';
import { FLOOR_PLAN_CID } from '../../platform/mail/deliver-mail.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import {
  details,
  floorPlan,
  placeholders,
  RESERVATION_PLACEHOLDERS,
  requestDayPlaceholders,
  reservationValues,
  SAMPLE_EMPLOYEE,
  sampleRequestDay,
  sampleReservation,
} from '../notifications/index.ts';

/**
 * The confirmation of a reservation a request became (the waitlist's promotion, a draw's win): its subject and
 * the lead sentence saying where the slot came from, then the reservation's details and floor plan, with the
 * calendar invitation.
 */
export const servedConfirmationKind = (
  name: string,
  texts: Record<Locale, { subject: string; lead: string }>,
) =>
  ({
    name,
    templates: {
      'hu-HU': {
        subject: texts['hu-HU'].subject,
        html: `<p>Kedves {{recipient.name}}!</p><p>${texts['hu-HU'].lead}</p>${details['hu-HU']}${floorPlan}`,
      },
      'en-US': {
        subject: texts['en-US'].subject,
        html: `<p>Dear {{recipient.name}},</p><p>${texts['en-US'].lead}</p>${details['en-US']}${floorPlan}`,
      },
    },
    event: 'REQUEST',
    placeholders: placeholders([...RESERVATION_PLACEHOLDERS, 'floorPlanCid']),
    sample: (locale: Locale) =>
      reservationValues(SAMPLE_EMPLOYEE, sampleReservation(locale, false), { floorPlanCid: FLOOR_PLAN_CID }),
  }) satisfies MailKind;

/*
 * The waitlist's mails: a request served (its reservation's confirmation, saying where the slot came from) and
 * one that expired unserved. Both always in the built-in text.
 */
export const mailKinds = {
  waitlistPromoted: servedConfirmationKind('waitlist-promoted', {
    'hu-HU': {
      subject: 'Felszabadult egy hely a várólistán: {{reservation.date}} {{reservation.slot}}',
      lead: 'Felszabadult egy parkolóhely, amelyre várólistán várt; a foglalást rögzítettük:',
    },
    'en-US': {
      subject: 'A slot became free for you: {{reservation.date}} {{reservation.slot}}',
      lead: 'a parking slot you were waiting for became free, and it is now reserved for you:',
    },
  }),
  waitlistExpired: {
    name: 'waitlist-expired',
    templates: {
      'hu-HU': {
        subject: 'Nem szabadult fel hely: {{date}} {{startTime}} – {{endTime}}',
        html: '<p>Kedves {{recipient.name}}!</p><p>A(z) {{date}} {{startTime}} – {{endTime}} időszakra nem szabadult fel parkolóhely, ezért várólistás kérése lejárt.</p>',
      },
      'en-US': {
        subject: 'No slot became free: {{date}} {{startTime}} – {{endTime}}',
        html: '<p>Dear {{recipient.name}},</p><p>no parking slot became free for {{date}} {{startTime}} – {{endTime}}, so your waitlist request has expired.</p>',
      },
    },
    event: null,
    placeholders: requestDayPlaceholders(),
    sample: sampleRequestDay,
  },
} satisfies Record<string, MailKind>;
