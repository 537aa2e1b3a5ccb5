import type { ReservationStatus } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { instant } from '../../../engine/access.ts';

/*
 * The check-in window and the no-show ([Fair share 1]) in their two forms, as the lifecycle rules: functions over
 * a reservation and its garage's settings, and SQL over a reservations row by its table alias. A garage that
 * requires check-in opens each reservation's window `earlyMinutes` before its start and closes it
 * `graceMinutes` after (at the end at the latest); a reservation still ACTIVE and not checked in when the
 * window closes is released as NO_SHOW. Part of a reservation's lifecycle (its reads show the window, expiry
 * leaves a no-show to the release); the check-in itself and the release are modules/check-in's.
 */

type Sql = RawBuilder<unknown>;

export type CheckInSettings = { required: boolean; graceMinutes: number; earlyMinutes: number };

export type CheckInSubject = {
  status: ReservationStatus;
  start: Date;
  end: Date;
  checkedInAt: Date | null;
};

const MINUTE_MS = 60_000;

/** `[opensAt, closesAt)`: from `earlyMinutes` before the start to `graceMinutes` after it, at most the end. */
export const checkInWindow = (
  reservation: Pick<CheckInSubject, 'start' | 'end'>,
  settings: CheckInSettings,
): { opensAt: Date; closesAt: Date } => ({
  opensAt: new Date(reservation.start.getTime() - settings.earlyMinutes * MINUTE_MS),
  closesAt: new Date(
    Math.min(reservation.start.getTime() + settings.graceMinutes * MINUTE_MS, reservation.end.getTime()),
  ),
});

/** Released as a no-show at `now`: check-in required, still ACTIVE, not checked in, its window closed. */
export const isNoShow = (reservation: CheckInSubject, settings: CheckInSettings, now: Date): boolean =>
  settings.required &&
  reservation.status === 'ACTIVE' &&
  reservation.checkedInAt === null &&
  checkInWindow(reservation, settings).closesAt.getTime() <= now.getTime();

/** A column of the garage of the reservation `alias`'s slot. */
const garageSetting = (alias: string, column: string): Sql =>
  sql`(SELECT g.${sql.raw(column)} FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id
    WHERE s.id = ${sql.raw(`${alias}.parking_slot_id`)})`;

const startOf = (alias: string): Sql => sql`lower(${sql.raw(`${alias}.during`)})`;
const endOf = (alias: string): Sql => sql`upper(${sql.raw(`${alias}.during`)})`;

/** The SQL twins, over a reservations row `alias` and the garage of its slot. */
export const checkInSql = (alias: string) => {
  const required = garageSetting(alias, 'check_in_required');
  const opensAt = sql`(${startOf(alias)} - make_interval(mins => ${garageSetting(alias, 'check_in_early_minutes')}))`;
  const closesAt = sql`least(${startOf(alias)} + make_interval(mins => ${garageSetting(alias, 'check_in_grace_minutes')}), ${endOf(alias)})`;
  const notCheckedIn = sql`(${sql.raw(`${alias}.checked_in_at`)} IS NULL AND ${sql.raw(`${alias}.reservation_status`)} = 'ACTIVE')`;
  return {
    required,
    opensAt,
    closesAt,
    isOpen: (now: Date): Sql =>
      sql`(coalesce(${required}, false) AND ${notCheckedIn}
        AND ${opensAt} <= ${instant(now)} AND ${instant(now)} < ${closesAt})`,
    isNoShow: (now: Date): Sql =>
      sql`(coalesce(${required}, false) AND ${notCheckedIn} AND ${closesAt} <= ${instant(now)})`,
  };
};
