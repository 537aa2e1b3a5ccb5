import { type RawBuilder, sql } from 'kysely';

/*
 * [Pools] A slot with a charger (ParkingSlotSettings.hasCharger) is only for a reservation whose car is
 * electric (Car.isElectric): a GUEST reservation names no car of ours, so it takes no charging slot. The SQL
 * twin is what the slot lists read (slot-offered.int.test.ts runs one table of cases through both).
 */

/** Whether the reservation may take the slot: no charger, or an electric car. */
export const chargerOpen = (slot: { hasCharger: boolean }, car: { isElectric: boolean } | null): boolean =>
  !slot.hasCharger || car?.isElectric === true;

/** chargerOpen in SQL, for the slot row `alias` and the reservation's car `carId` (SQL null: none). */
export const chargerOpenSql = (alias: string, carId: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`(NOT ${sql.ref(`${alias}.has_charger`)}
    OR coalesce((SELECT cc.is_electric FROM cars cc WHERE cc.id = ${carId}), false))`;
