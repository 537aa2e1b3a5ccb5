import { type RawBuilder, sql } from 'kysely';
import { TRUE_PREDICATE } from '../../engine/access.ts';
import { fileWithSizeSql } from '../files/index.ts';
import { activeAccessedSlots, garagesUserMayReserveIn } from './access.ts';

type Sql = RawBuilder<unknown>;

/*
 * The slots a day view draws on the floor plans (issue 32, item 1): every active slot of the user's active
 * accessed garages that have a floor plan, exclusive ones too (they stand on the plan; whether the user may take
 * one is the status's to say), each as one JSON object with its garage, its plan file and its place on it.
 * `status` is the caller's SQL over the slot row `s` (reservations' slotStatusSql: the free-slot range's rules),
 * so the whole day is one statement.
 */

/** One JSON object per slot, `garageId` null: every garage of the user's. Ordered by garage, floor and name. */
export const dayPlanSlotsSql = (options: {
  userId: Sql;
  garageId: string | null;
  status: (alias: string) => Sql;
}): Sql =>
  sql`(SELECT coalesce(json_agg(json_build_object('id', s.id::text, 'version', s.version, 'name', s.name,
      'aggregaredName', s.aggregared_name, 'floor', s.floor, 'garageId', g.id::text, 'garageVersion', g.version,
      'garageName', g.name, 'planX', s.plan_x, 'planY', s.plan_y,
      'floorPlan', ${fileWithSizeSql(sql`s.floor_plan_id`)}, 'status', ${options.status('s')})
      ORDER BY g.name, g.id, s.floor, s.aggregared_name, s.id), '[]'::json)
    FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id
    WHERE ${activeAccessedSlots('s', options.userId, TRUE_PREDICATE)}
      AND ${options.garageId === null ? TRUE_PREDICATE : sql`s.parking_garage_id = ${options.garageId}::bigint`}
      AND EXISTS (SELECT 1 FROM parking_slots p WHERE p.parking_garage_id = s.parking_garage_id AND p.is_active
        AND p.floor_plan_id IS NOT NULL))`;

/** Whether the user may reserve in the garage (active, theirs by access): the day view's garage filter. */
export const garageOfUserSql = (userId: Sql, garageId: string): Sql =>
  sql`EXISTS (SELECT 1 FROM parking_garages g WHERE g.id = ${garageId}::bigint
    AND ${garagesUserMayReserveIn('g', userId)})`;
