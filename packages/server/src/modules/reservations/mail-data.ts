import type { Executor } from '../../platform/db/executor.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import type { ReservationEventFacts, ReservationMailFacts } from '../notifications/index.ts';
import { type ReservationEventRecord, reservationMailRecord, seriesDays } from './mail-repository.ts';
import { checkInWindow } from './rules/index.ts';

/*
 * A reservation's rows as its mails and calendar event take them (modules/notifications): reservations reads
 * its table and hands notifications the facts.
 */

const dateOf = (value: Date | string): Date => new Date(value);

/** The event facts of a stored row (pg may hand timestamps over as text). */
export const eventFactsOf = (found: ReservationEventRecord): ReservationEventFacts => {
  const startsAt = dateOf(found.startsAt);
  const endsAt = dateOf(found.endsAt);
  const window = checkInWindow(
    { start: startsAt, end: endsAt },
    {
      required: found.checkInRequired,
      graceMinutes: found.checkInGraceMinutes,
      earlyMinutes: found.checkInEarlyMinutes,
    },
  );
  return {
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
    startsAt,
    endsAt,
    checkedInAt: found.checkedInAt === null ? null : dateOf(found.checkedInAt),
    checkIn: { required: found.checkInRequired, opensAt: window.opensAt, closesAt: window.closesAt },
  };
};

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
