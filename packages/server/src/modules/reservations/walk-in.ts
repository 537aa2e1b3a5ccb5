import type { Interval, LocalDate, LocalTime } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { ConflictError } from '../../platform/errors.ts';
import { insertReservations, storeCheckIn } from './repository.ts';

/** A walk-in guest as the doormen's module recorded it: checked rules, a slot, the interval from now. */
export type WalkIn = {
  ownerId: string;
  /** The recording doorman's email: created_by, the check-in's `by`, and where the guest's mails would go. */
  doormanEmail: string;
  slotId: string;
  guestName: string;
  guestLicensePlate: string;
  date: LocalDate;
  startTime: LocalTime;
  endTime: LocalTime;
  interval: Interval;
  now: Date;
};

/**
 * A walk-in guest's GUEST reservation (issue 31 §3), checked in at `now`, in the caller's stamped transaction: the
 * insert of every create, so the exclusion constraint decides a taken slot (409 SLOT_ALREADY_RESERVED) and the
 * rollup and audit triggers see it as any reservation. No mail: the guest gave no address and the doorman who
 * owns it stands at the gate; `send_notification` off keeps reminders away too.
 */
export async function insertWalkIn(db: Kysely<DB>, walkIn: WalkIn): Promise<string> {
  const result = await insertReservations(db, {
    rows: [
      {
        owner_id: walkIn.ownerId,
        parking_slot_id: walkIn.slotId,
        car_id: null,
        car_license_plate: null,
        guest_name: walkIn.guestName,
        guest_email: walkIn.doormanEmail,
        guest_license_plate: walkIn.guestLicensePlate,
        date: walkIn.date,
        start: walkIn.interval.start.toISOString(),
        end: walkIn.interval.end.toISOString(),
        start_time: walkIn.startTime,
        end_time: walkIn.endTime,
        reservation_type: 'GUEST',
        send_notification: false,
        reminder_before: '00:00:00',
        notify_doorman: false,
        series_id: null,
        created_by: walkIn.doormanEmail,
      },
    ],
    // The operation's transaction is stamped with the doorman already (the audit log's actor).
    holds: sql<boolean>`TRUE`,
    jobsByRow: {},
    answer: () => sql`NULL`,
    now: walkIn.now,
  });
  const id = result?.ids?.[0];
  if (id === undefined) {
    throw new ConflictError('SLOT_ALREADY_RESERVED');
  }
  await storeCheckIn(db, { reservationId: id, now: walkIn.now, by: walkIn.doormanEmail });
  return id;
}
