import type { Locale } from '@parkhere/contract';
import type { Executor } from '../../platform/jobs/jobs-table.ts';
import type { FloorPlan } from '../../platform/mail/deliver-mail.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import { type ReservationView, TYPE_LABELS } from '../../platform/mail/mail-kinds.ts';
import { type ReservationMailRow, reservationMailRecord, seriesDays } from './mail-repository.ts';
import type { CheckInSettings } from './rules/index.ts';

/** A reservation with everything its mails show or need to address them. */
export type ReservationMailFacts = {
  row: ReservationMailRow;
  seriesDays: string[];
  sendNotification: boolean;
  /** The start instant as stored (`lower(during)`). */
  startsAt: Date;
  endsAt: Date;
  checkedInAt: Date | null;
  /** Its garage's check-in settings. */
  checkIn: CheckInSettings;
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

/** The reservation as its mails show it, or null when it no longer exists. */
export async function loadReservationFacts(db: Executor, id: string): Promise<ReservationMailFacts | null> {
  const found = await reservationMailRecord(db, id);
  if (found === undefined) {
    return null;
  }
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
    seriesDays: found.seriesId === null ? [] : await seriesDays(db, found.seriesId, found.status),
    sendNotification: found.sendNotification,
    startsAt: new Date(found.startsAt),
    endsAt: new Date(found.endsAt),
    checkedInAt: found.checkedInAt === null ? null : new Date(found.checkedInAt),
    checkIn: {
      required: found.checkInRequired,
      graceMinutes: found.checkInGraceMinutes,
      earlyMinutes: found.checkInEarlyMinutes,
    },
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
