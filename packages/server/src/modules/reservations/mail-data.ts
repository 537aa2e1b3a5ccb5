import type { Locale } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { FloorPlan } from '../../platform/mail/deliver-mail.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import { type ReservationView, TYPE_LABELS } from '../../platform/mail/mail-kinds.ts';
import {
  type ReservationEventRecord,
  type ReservationMailRow,
  reservationMailRecord,
  seriesDays,
} from './mail-repository.ts';
import type { CheckInSettings } from './rules/index.ts';

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
  /** Its garage's check-in settings. */
  checkIn: CheckInSettings;
};

/** A reservation with everything its mails show or need to address them. */
export type ReservationMailFacts = ReservationEventFacts & {
  seriesDays: string[];
  sendNotification: boolean;
  garageId: string;
  garageTemplate: string | null;
  owner: { name: string; email: string; locale: Locale };
  floorPlan: FloorPlan | null;
};

export const viewOf = (
  facts: Pick<ReservationMailFacts, 'row' | 'seriesDays'>,
  locale: Locale,
): ReservationView => ({
  ...facts.row,
  typeLabel: TYPE_LABELS[locale][facts.row.type],
  days: facts.seriesDays.length > 0 ? facts.seriesDays : [facts.row.date],
});

const dateOf = (value: Date | string): Date => new Date(value);

/** The event facts of a stored row (pg may hand timestamps over as text). */
export const eventFactsOf = (found: ReservationEventRecord): ReservationEventFacts => ({
  row: {
    id: found.id,
    date: found.date,
    startTime: found.startTime,
    endTime: found.endTime,
    type: found.type,
    status: found.status,
    slot: found.slot,
    slotName: found.slotName,
    floor: found.floor,
    garage: found.garage,
    licensePlate: found.licensePlate,
    reserverName: found.reserverName,
    ownerName: found.ownerName,
    isGuest: found.isGuest,
    guestName: found.guestName,
    guestEmail: found.guestEmail,
  },
  version: found.version,
  bookedEndTime: found.bookedEndTime,
  cancelled: found.cancelledAt !== null,
  changedAt: dateOf(found.changedAt),
  startsAt: dateOf(found.startsAt),
  endsAt: dateOf(found.endsAt),
  checkedInAt: found.checkedInAt === null ? null : dateOf(found.checkedInAt),
  checkIn: {
    required: found.checkInRequired,
    graceMinutes: found.checkInGraceMinutes,
    earlyMinutes: found.checkInEarlyMinutes,
  },
});

/** The reservation as its mails show it, or null when it no longer exists. */
export async function loadReservationFacts(db: Executor, id: string): Promise<ReservationMailFacts | null> {
  const found = await reservationMailRecord(db, id);
  if (found === undefined) {
    return null;
  }
  return {
    ...eventFactsOf(found),
    seriesDays: found.seriesId === null ? [] : await seriesDays(db, found.seriesId, found.status),
    sendNotification: found.sendNotification,
    garageId: found.garageId,
    garageTemplate: found.garageTemplate,
    owner: { name: found.ownerName, email: found.ownerEmail, locale: localeOf(found.ownerLocale) },
    floorPlan:
      found.floorPlanPath === null && found.floorPlanContent === null
        ? null
        : {
            name: found.floorPlanName ?? 'floor-plan',
            content: found.floorPlanContent,
            path: found.floorPlanPath,
            contentType: found.floorPlanType ?? 'application/octet-stream',
          },
  };
}
