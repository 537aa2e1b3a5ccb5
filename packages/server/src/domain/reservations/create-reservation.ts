import { randomUUID } from 'node:crypto';
import type { ReservationInput, ReservationType } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  confirmationJob,
  doormanNoticeJob,
  type ReminderFacts,
  reminderFactsColumns,
  reminderJob,
} from '../../jobs/notifications.ts';
import { enqueueAll } from '../../jobs/queue.ts';
import { ForbiddenError } from '../errors.ts';
import type { ActorScope } from '../policy.ts';
import { assertNoViolation, planReservation, quotaApplies } from '../reservation-rules/index.ts';
import { overlapConflict } from './free-slots.ts';
import { countUpcoming, readCreateFacts } from './reservation-facts.ts';

export type CreateReservationInput = {
  /** `panel`: the dashboard (self) or the administrators' reservations panel (any user). */
  panel: 'user' | 'administration';
  scope: ActorScope;
  input: ReservationInput & { reservationType: ReservationType };
  userId: string | null;
  carId: string | null;
  slotId: string | null;
  now?: Date;
};

/** The identifier a client can reserve with instead of the taken slot; the REST layer signs it. */
export type NextFreeSlot = { nextFreeSlotId: string | null };

const blankToNull = (value: string | null | undefined): string | null =>
  value == null || value.trim() === '' ? null : value.trim();

/**
 * UserReservationPanel.reservation and ReservationsPanel.reservation: every rule of DESIGN §4, then one row
 * per reserved day (LONG: each working day, all or nothing). The owner's row lock makes the quota count
 * safe against concurrent creates; a taken slot or an overlapping reservation of the owner is the exclusion
 * constraints' 409, with the next free slot for the same times.
 */
export async function createReservation(
  db: Kysely<DB>,
  request: CreateReservationInput,
): Promise<{ ids: string[] }> {
  const { scope, input } = request;
  if (request.panel === 'administration' && !scope.isAdministrator) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
  const now = request.now ?? new Date();
  const type = input.reservationType;
  const actor = { userId: scope.userId, isAdministrator: scope.isAdministrator };
  const countsQuota = quotaApplies(type, actor);
  const { context, owner, car, slot } = await readCreateFacts(db, {
    scope,
    now,
    userId: request.userId,
    carId: request.carId,
    slotId: request.slotId,
    lockOwner: countsQuota,
  });
  const upcoming =
    owner === null || !countsQuota
      ? { normal: 0, guest: 0, longSeries: 0 }
      : await countUpcoming(db, owner.id, now);
  const isGuest = type === 'GUEST';
  const plan = planReservation(
    {
      type,
      date: input.date ?? '',
      endDate: input.endDate ?? null,
      startTime: input.startTime ?? '',
      endTime: input.endTime ?? '',
      owner,
      car,
      slot,
      guestName: input.guestName ?? null,
      guestEmail: input.guestEmail ?? null,
      guestLicensePlate: input.guestLicensePlate ?? null,
    },
    { ...context, upcoming },
  );
  assertNoViolation(plan.violations);
  if (owner === null || request.slotId === null) {
    return { ids: [] };
  }
  const slotId = request.slotId;
  const seriesId = type === 'LONG' ? randomUUID() : null;
  const rows = plan.intervals.map((interval) => ({
    owner_id: owner.id,
    parking_slot_id: slotId,
    car_id: isGuest ? null : request.carId,
    car_license_plate: isGuest ? null : (car?.licensePlate ?? null),
    guest_name: isGuest ? blankToNull(input.guestName) : null,
    guest_email: isGuest ? blankToNull(input.guestEmail) : null,
    guest_license_plate: isGuest ? (blankToNull(input.guestLicensePlate)?.toUpperCase() ?? null) : null,
    date: interval.date,
    start: interval.start.toISOString(),
    end: interval.end.toISOString(),
  }));
  // ON CONFLICT DO NOTHING also covers the exclusion constraints: a taken slot or an overlapping reservation
  // of the owner leaves its day out instead of aborting the transaction, so the 409 can still name the next
  // free slot; the missing day then rolls the whole series back.
  const inserted = await sql<ReminderFacts>`INSERT INTO reservations AS r (owner_id, parking_slot_id, car_id,
      car_license_plate, guest_name, guest_email, guest_license_plate, date, start_time, end_time, during,
      reservation_type, send_notification, reminder_before_reservation, instant_notificate_the_doorman, series_id,
      created_by)
    SELECT d.owner_id::bigint, d.parking_slot_id::bigint, d.car_id::bigint, d.car_license_plate,
      d.guest_name, d.guest_email, d.guest_license_plate, d.date::date, ${input.startTime}::time,
      ${input.endTime}::time, tstzrange(d.start::timestamptz, d."end"::timestamptz, '[)'),
      ${type}::reservation_type, ${input.sendNotification ?? true},
      ${input.reminderBeforeReservation ?? '00:15:00'}::interval, ${isGuest && (input.instantNotificateTheDoorman ?? false)},
      ${seriesId}::uuid, ${scope.email}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(owner_id text, parking_slot_id text,
      car_id text, car_license_plate text, guest_name text, guest_email text, guest_license_plate text,
      date text, start text, "end" text)
    ORDER BY d.date
    ON CONFLICT DO NOTHING
    RETURNING ${reminderFactsColumns}`.execute(db);
  if (inserted.rows.length < rows.length) {
    throw await overlapConflict(db, {
      userId: owner.id,
      actorIsAdministrator: scope.isAdministrator,
      intervals: plan.intervals,
      slotId,
    });
  }
  const ids = inserted.rows.map((row) => row.id);
  const notifyDoorman = isGuest && input.instantNotificateTheDoorman === true;
  const jobs = inserted.rows.flatMap((row) => {
    const reminder = reminderJob(row, now);
    return [
      confirmationJob(row.id),
      ...(notifyDoorman ? [doormanNoticeJob(row.id)] : []),
      ...(reminder === null ? [] : [reminder]),
    ];
  });
  await enqueueAll(db, jobs, now);
  return { ids };
}
