import { randomUUID } from 'node:crypto';
import type { ReservationInput, ReservationType } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { enqueueConfirmation, enqueueDoormanNotice, scheduleReminder } from '../../jobs/notifications.ts';
import { ConflictError, ForbiddenError } from '../errors.ts';
import type { ActorScope } from '../policy.ts';
import { assertNoViolation, planReservation } from '../reservation-rules/index.ts';
import { nextFreeSlot } from './free-slots.ts';
import { carFacts, countUpcoming, lockOwner, slotFacts } from './reservation-facts.ts';
import { loadRuleContext } from './rule-environment.ts';
import { withSavepoint } from './savepoint.ts';

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
  const context = await loadRuleContext(db, scope, now);
  const owner = await lockOwner(db, request.userId);
  const car = await carFacts(db, request.carId);
  const slot = await slotFacts(db, request.slotId, owner?.id ?? null);
  const upcoming =
    owner === null ? { normal: 0, guest: 0, longSeries: 0 } : await countUpcoming(db, owner.id, now);
  const type = input.reservationType;
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
  const inserted = await withSavepoint(
    db,
    () =>
      sql<{ id: string }>`INSERT INTO reservations (owner_id, parking_slot_id, car_id, car_license_plate,
          guest_name, guest_email, guest_license_plate, date, start_time, end_time, during, reservation_type,
          send_notification, reminder_before_reservation, instant_notificate_the_doorman, series_id, created_by)
        SELECT r.owner_id::bigint, r.parking_slot_id::bigint, r.car_id::bigint, r.car_license_plate,
          r.guest_name, r.guest_email, r.guest_license_plate, r.date::date, ${input.startTime}::time,
          ${input.endTime}::time, tstzrange(r.start::timestamptz, r."end"::timestamptz, '[)'),
          ${type}::reservation_type, ${input.sendNotification ?? true},
          ${input.reminderBeforeReservation ?? '00:15:00'}::interval, ${isGuest && (input.instantNotificateTheDoorman ?? false)},
          ${seriesId}::uuid, ${scope.email}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(owner_id text, parking_slot_id text,
          car_id text, car_license_plate text, guest_name text, guest_email text, guest_license_plate text,
          date text, start text, "end" text)
        ORDER BY r.date
        RETURNING id::text AS id`.execute(db),
    async (conflict) => {
      const nextId =
        conflict === 'SLOT_ALREADY_RESERVED'
          ? await nextFreeSlot(db, {
              userId: owner.id,
              actorIsAdministrator: scope.isAdministrator,
              intervals: plan.intervals,
              afterSlotId: slotId,
            })
          : null;
      return new ConflictError(conflict, nextId === null ? undefined : { nextFreeSlotId: nextId });
    },
  );
  const ids = inserted.rows.map((row) => row.id);
  for (const id of ids) {
    await enqueueConfirmation(db, id, now);
    await scheduleReminder(db, { id }, now);
    if (isGuest && input.instantNotificateTheDoorman === true) {
      await enqueueDoormanNotice(db, id, now);
    }
  }
  return { ids };
}
