import type { Locale } from '@parkhere/contract';
import type { FloorPlan } from '../../platform/mail/deliver-mail.ts';
import type { TemplateTexts } from '../../platform/mail/mail-data.ts';
import { plainName } from '../../platform/mail/plain-name.ts';
import { type ReservationView, TYPE_LABELS } from './mail-context.ts';

/*
 * A reservation as its mails and its calendar event need it, read of the reservations' read model
 * (`loadReservationFacts`, `eventFactsOf`, mail-data.ts).
 */

/** A reservation as its mails show it; dates and times as text (pg would turn a `date` into a Date in the machine's zone). */
export type ReservationMailRow = Omit<ReservationView, 'typeLabel' | 'days'>;

/** A reservation as its calendar event shows it, in the feed and in the mails' invitations. */
export type ReservationEventFacts = {
  row: ReservationMailRow;
  /** Rises with every change the owner or the rules make. */
  version: number;
  /** The end as booked (a cancellation cuts `row.endTime`), HH:mm. */
  bookedEndTime: string;
  /** Cancelled early (EXPIRED by a cancellation, not by its end passing). */
  cancelled: boolean;
  changedAt: Date;
  /** The start instant as stored (`lower(during)`). */
  startsAt: Date;
  endsAt: Date;
  checkedInAt: Date | null;
  /** Whether its garage requires check-in, and its check-in window (the lifecycle rules' `checkInWindow`). */
  checkIn: { required: boolean; opensAt: Date; closesAt: Date };
};

/** A reservation with everything its mails show or need to address them. */
export type ReservationMailFacts = ReservationEventFacts & {
  seriesDays: string[];
  sendNotification: boolean;
  garageId: string;
  /** The garage's confirmation template in each language. */
  garageTemplates: TemplateTexts;
  owner: { name: string; email: string; locale: Locale };
  floorPlan: FloorPlan | null;
};

export const viewOf = (
  facts: Pick<ReservationMailFacts, 'row' | 'seriesDays'>,
  locale: Locale,
): ReservationView => ({
  ...facts.row,
  // Names users typed read as names, never as links the mail's reader would follow.
  reserverName: plainName(facts.row.reserverName),
  ownerName: plainName(facts.row.ownerName),
  guestName: facts.row.guestName === null ? null : plainName(facts.row.guestName),
  typeLabel: TYPE_LABELS[locale][facts.row.type],
  days: facts.seriesDays.length > 0 ? facts.seriesDays : [facts.row.date],
});
