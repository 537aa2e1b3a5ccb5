import { sql } from 'kysely';
import { slotsWithGarageSql } from '../garages/index.ts';
import { reservationRowsSql, reservationUsageSql } from '../reservations/index.ts';
import { userNamesSql } from '../users/index.ts';

/**
 * Who held the slot `slotId` at the instant `at` ("who was parked there?" after an incident): the slot's name
 * and each reservation whose held interval contains the instant, with its owner, guest and plate; no row when
 * there is no such slot.
 */
export const slotHoldersSql = (slotId: string, at: string) =>
  sql<{ slotName: string; holders: unknown[] }>`SELECT s.slot_name,
    coalesce(json_agg(json_build_object('name', u.name, 'email', u.email, 'type', r.reservation_type,
      'guestName', d.guest_name, 'licensePlate', d.license_plate, 'startsAt', lower(r.held),
      'endsAt', upper(r.held), 'checkedInAt', d.checked_in_at) ORDER BY lower(r.held))
      FILTER (WHERE r.id IS NOT NULL), '[]') AS holders
  FROM ${slotsWithGarageSql} s
    LEFT JOIN ${reservationUsageSql} r ON r.parking_slot_id = s.slot_id AND r.held @> ${at}::timestamptz
      AND r.date BETWEEN ${at}::timestamptz::date - 1 AND ${at}::timestamptz::date + 1
    LEFT JOIN ${reservationRowsSql} d ON d.id = r.id
    LEFT JOIN ${userNamesSql} u ON u.id = r.owner_id
  WHERE s.slot_id = ${slotId}::bigint
  GROUP BY s.slot_name`;
