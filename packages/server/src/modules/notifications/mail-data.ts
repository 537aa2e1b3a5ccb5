import type { Executor } from '../../platform/db/executor.ts';
import { localeOf, templateTextsOf } from '../../platform/mail/mail-data.ts';
import type { ReservationEventFacts, ReservationMailFacts } from './mail-facts.ts';
import {
  type ReservationEventRecord,
  type ReservationRows,
  reservationMailRecord,
  seriesEventRecords,
} from './mail-repository.ts';

/*
 * A reservation's rows as its mails and calendar event take them: the records mail-repository.ts reads of the
 * reservations' read model, as facts.
 */

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
    opensAt: dateOf(found.checkInOpensAt),
    closesAt: dateOf(found.checkInClosesAt),
  },
});

/** The reservation as its mails show it, or null when it no longer exists. */
export async function loadReservationFacts(
  db: Executor,
  rows: ReservationRows,
  id: string,
): Promise<ReservationMailFacts | null> {
  const found = await reservationMailRecord(db, rows, id);
  if (found === undefined) {
    return null;
  }
  return {
    ...eventFactsOf(found),
    seriesDays: found.seriesDays,
    sendNotification: found.sendNotification,
    garageId: found.garageId,
    garageTemplates: templateTextsOf(found, 'emailTemplateOfTheGarage'),
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

/** The events of every day of a reservation's series in its status (seriesEventRecords), by date. */
export const loadSeriesEvents = async (
  db: Executor,
  rows: ReservationRows,
  id: string,
): Promise<ReservationEventFacts[]> => (await seriesEventRecords(db, rows, id)).map(eventFactsOf);
