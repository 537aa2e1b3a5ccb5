import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  at,
  checkInCases,
  checkInDay,
  storedReservation as stored,
  zone,
} from '../../../../test/rule-fixtures.ts';
import { databaseOfFile } from '../../../../test/world.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { checkCheckIn } from '../../check-in/check-in-rules.ts';
import {
  type CheckInSettings,
  type CheckInSubject,
  checkInSql,
  checkInWindow,
  isNoShow,
} from './check-in-window.ts';
import type { StoredReservation } from './facts.ts';
import {
  effectiveStatus,
  isEffectivelyActive,
  isEffectivelyActiveSql,
  type ReservationFlags,
  reservationFlags,
  reservationFlagsSql,
} from './reservation-lifecycle.ts';

/*
 * The rules that have a TypeScript form and an SQL form, each table of cases run through both: the
 * TypeScript function, and the SQL expression over a row made of the case's values, evaluated by the
 * database (PGlite, or PostgreSQL when DATABASE_URL is set). The configured time zone is the migration's
 * default, Europe/Budapest, the fixtures' `zone`.
 */

const db: Kysely<DB> = (await databaseOfFile()).db.withoutPlugins();

type Reservation = Pick<StoredReservation, 'status' | 'start' | 'end'>;

/** A reservations row `r` of the case's values. */
const reservationRow = (reservation: Reservation) =>
  sql`(SELECT ${reservation.status}::reservation_status AS reservation_status,
    tstzrange(${reservation.start.toISOString()}::timestamptz, ${reservation.end.toISOString()}::timestamptz, '[)')
      AS during) r`;

/** `reservationFlags` as the SQL form computes them, with `isEffectivelyActive`. */
const flagsInSql = async (reservation: Reservation, now: Date) => {
  const flags = reservationFlagsSql('r', now);
  const found = await sql<ReservationFlags & { isEffectivelyActive: boolean }>`SELECT
      ${flags.reservationStatus} AS "reservationStatus", ${flags.isNotDeletable} AS "isNotDeletable",
      ${flags.isNotCancelable} AS "isNotCancelable", ${flags.currentTime} AS "currentTime",
      ${isEffectivelyActiveSql('r', now)} AS "isEffectivelyActive"
    FROM ${reservationRow(reservation)}`.execute(db);
  return found.rows[0];
};

/** Both forms of the flags; they must be equal before either is compared with the expectation. */
const flagsInBoth = async (reservation: Reservation, now: Date): Promise<ReservationFlags> => {
  const inTypeScript = reservationFlags(reservation, now, zone);
  const inSql = await flagsInSql(reservation, now);
  expect(inSql).toEqual({ ...inTypeScript, isEffectivelyActive: isEffectivelyActive(reservation, now) });
  return inTypeScript;
};

describe('derived flags of a reservation, in TypeScript and in SQL', () => {
  it.each([
    [
      'before its start',
      'ACTIVE',
      '08:59:59',
      { status: 'ACTIVE', notDeletable: false, notCancelable: true, time: null },
    ],
    [
      'at its start',
      'ACTIVE',
      '09:00:00',
      { status: 'ACTIVE', notDeletable: true, notCancelable: false, time: '09:00:00' },
    ],
    [
      'in progress',
      'ACTIVE',
      '12:34:56',
      { status: 'ACTIVE', notDeletable: true, notCancelable: false, time: '12:34:56' },
    ],
    [
      'at its end',
      'ACTIVE',
      '17:00:00',
      { status: 'EXPIRED', notDeletable: true, notCancelable: true, time: null },
    ],
    [
      'deleted, before its start',
      'DELETED',
      '08:00:00',
      { status: 'DELETED', notDeletable: true, notCancelable: true, time: null },
    ],
    [
      'expired, in its old interval',
      'EXPIRED',
      '12:00:00',
      { status: 'EXPIRED', notDeletable: true, notCancelable: true, time: null },
    ],
  ] as const)('%s (%s at %s)', async (_case, status, time, expected) => {
    const flags = await flagsInBoth(stored({ status }), at('2026-05-05', time));
    expect(flags).toEqual({
      reservationStatus: expected.status,
      isNotDeletable: expected.notDeletable,
      isNotCancelable: expected.notCancelable,
      currentTime: expected.time,
    });
  });

  it.each([
    ['the first 02:30 of the autumn change', '2025-10-26T00:30:00Z', false, '02:30:00'],
    ['the second 02:30 of the autumn change', '2025-10-26T01:30:00Z', false, '02:30:00'],
    ['03:30, after the clocks went back', '2025-10-26T02:30:00Z', true, null],
  ])('follows the real clock over %s', async (_case, iso, notCancelable, currentTime) => {
    // 01:00–03:00 on the autumn change lasts three real hours.
    const night = stored({
      date: '2025-10-26',
      start: at('2025-10-26', '01:00:00'),
      end: at('2025-10-26', '03:00:00'),
    });
    expect(await flagsInBoth(night, new Date(iso))).toMatchObject({
      isNotCancelable: notCancelable,
      currentTime,
    });
  });

  it('counts an ACTIVE reservation whose end has passed as EXPIRED', async () => {
    expect(effectiveStatus(stored(), at('2026-05-06', '00:00:00'))).toBe('EXPIRED');
    expect(effectiveStatus(stored(), at('2026-05-05', '16:59:59'))).toBe('ACTIVE');
    expect((await flagsInBoth(stored(), at('2026-05-06', '00:00:00'))).reservationStatus).toBe('EXPIRED');
    expect((await flagsInBoth(stored(), at('2026-05-05', '16:59:59'))).reservationStatus).toBe('ACTIVE');
  });
});

/*
 * Check-in: the SQL twins read the garage's settings through the row's slot, so each case sets them on the
 * one garage of this database, whose one slot the case's row names.
 */
const slotId = (
  await sql<{
    id: string;
  }>`WITH g AS (INSERT INTO parking_garages (name) VALUES ('Check-in Garage') RETURNING id)
    INSERT INTO parking_slots (parking_garage_id, name, floor) SELECT g.id, 'C-1', 0 FROM g
    RETURNING id::text AS id`.execute(db)
).rows[0]?.id;

/** A reservations row `r` of the case's values in the garage with `settings`. */
const checkInRow = async (reservation: CheckInSubject, settings: CheckInSettings) => {
  await sql`UPDATE parking_garages SET check_in_required = ${settings.required},
    check_in_grace_minutes = ${settings.graceMinutes}, check_in_early_minutes = ${settings.earlyMinutes}`.execute(
    db,
  );
  return sql`(SELECT ${reservation.status}::reservation_status AS reservation_status, ${slotId}::bigint AS parking_slot_id,
    ${reservation.checkedInAt?.toISOString() ?? null}::timestamptz AS checked_in_at,
    tstzrange(${reservation.start.toISOString()}::timestamptz, ${reservation.end.toISOString()}::timestamptz, '[)')
      AS during) r`;
};

/** Window, open and no-show in both forms; they must agree before either meets the expectation. */
const checkInInBoth = async (reservation: CheckInSubject, settings: CheckInSettings, now: Date) => {
  const twin = checkInSql('r');
  const found = await sql<{
    required: boolean;
    opensAt: Date;
    closesAt: Date;
    isOpen: boolean;
    isNoShow: boolean;
  }>`
    SELECT coalesce(${twin.required}, false) AS required, ${twin.opensAt} AS "opensAt", ${twin.closesAt} AS "closesAt",
      ${twin.isOpen(now)} AS "isOpen", ${twin.isNoShow(now)} AS "isNoShow"
    FROM ${await checkInRow(reservation, settings)}`.execute(db);
  const row = found.rows[0];
  const window = checkInWindow(reservation, settings);
  const inTypeScript = {
    required: settings.required,
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    // Open: a check-in now would be accepted and change something.
    isOpen: reservation.checkedInAt === null && checkCheckIn(reservation, settings, now).length === 0,
    isNoShow: isNoShow(reservation, settings, now),
  };
  expect({
    ...row,
    opensAt: new Date(row?.opensAt ?? 0).toISOString(),
    closesAt: new Date(row?.closesAt ?? 0).toISOString(),
  }).toEqual(inTypeScript);
  return inTypeScript;
};

describe('check-in, in TypeScript and in SQL', () => {
  it.each(checkInCases)('%s', async (_case, subject, settings, time, expected) => {
    expect(await checkInInBoth(subject, settings, at(checkInDay, time))).toMatchObject(expected);
  });
});
