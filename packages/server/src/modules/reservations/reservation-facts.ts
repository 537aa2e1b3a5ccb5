import type { ActorScope } from '../../engine/access.ts';
import type { RuleSettings } from '../configuration/index.ts';
import { ruleContextOf } from './rule-environment.ts';
import type { CarFacts, OwnerHoliday, ReservationOwner, RuleContext, SlotFacts } from './rules/index.ts';

/*
 * What the rules need to know about the parties of a reservation. Every statement is a round trip, so the
 * rule settings and the parties are one row (`FactsRow`, read by the repository's `readFactsRow`).
 */

export type CreateFacts = {
  context: RuleContext;
  owner: ReservationOwner | null;
  car: (CarFacts & { licensePlate: string }) | null;
  /** `garageIsAccessed`: the owner (not the actor) may reserve in the slot's garage. */
  slot: SlotFacts | null;
  /** The owner's holidays: a day of the request among them needs the request's confirmation. */
  ownerHolidays: OwnerHoliday[];
  /** The owner may reserve in at least one active garage (without, nothing can be offered to them). */
  ownerHasGarage: boolean;
};

export type Parties = { userId: string | null; carId: string | null; slotId: string | null };

/**
 * The facts row as one JSON value: what the rules are applied to, and what a create's insert compares with
 * the stored facts (`factsHold`) when it planned with remembered ones.
 */
export type FactsRow = Record<string, unknown>;

/** What the rules see of a facts row. */
export function createFactsOf(row: FactsRow, scope: ActorScope, now: Date): CreateFacts {
  const owner = (row.owner as (ReservationOwner & { maxDaysInAdvance?: number }) | null) ?? null;
  const settings = {
    timeZone: (row.time_zone as string | null) ?? null,
    // The owner's own horizon (their groups'), the configured one when there is no such user.
    maxDaysInAdvance: owner?.maxDaysInAdvance ?? (row.max_days_in_advance as number | null) ?? null,
    accessibleSlotReleaseMinutes: (row.accessible_slot_release_minutes as number | null) ?? null,
    days: (row.days as RuleSettings['days']) ?? [],
  };
  return {
    context: ruleContextOf(settings, scope, now),
    owner,
    car: (row.car as CreateFacts['car']) ?? null,
    slot: (row.slot as CreateFacts['slot']) ?? null,
    ownerHolidays: (row.holidays as OwnerHoliday[] | null) ?? [],
    ownerHasGarage: row.owner_has_garage === true,
  };
}
