import type {
  DayPlanRefusal,
  GaragePlans,
  LocalDate,
  LocalTime,
  PlanSlot,
  PlanSlotStatus,
} from '@parkhere/contract';

/*
 * The floor-plan day view (issue 32, item 1) without React: what each slot's status says, as its marker's and its
 * list line's text alternative, and the slots of a garage in the order the list reads them. The texts are the
 * application namespace's `dayPlan.*`.
 */

/** A free slot chosen on the plan: what the reservation form is filled with. */
export type PlanChoice = { date: LocalDate; startTime: LocalTime; endTime: LocalTime; slot: PlanSlot };

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The translation key of a status's word. */
export const STATUS_KEYS: Readonly<Record<PlanSlotStatus, string>> = {
  FREE: 'dayPlan.status.free',
  TAKEN: 'dayPlan.status.taken',
  NOT_OFFERED: 'dayPlan.status.notOffered',
};

/** A slot's name with its status, the accessible name of its marker and its list line ("Slot A-112, free"). */
export const slotLabel = (slot: Pick<PlanSlot, 'name' | 'status'>, t: Translate): string =>
  t('dayPlan.slot', { slot: slot.name, status: t(STATUS_KEYS[slot.status]) });

/** Only a free slot can be chosen: the others are shown, not offered. */
export const isChoosable = (slot: Pick<PlanSlot, 'status'>): boolean => slot.status === 'FREE';

/** Why nothing can be booked that day, as one sentence. */
export const refusalKey = (refusal: DayPlanRefusal): string => `dayPlan.refusal.${refusal}`;

/** Every slot of a garage the list shows: those on its plans (placed first, then not yet placed), then those without one. */
export const slotsOfGarage = (garage: GaragePlans): PlanSlot[] => [
  ...garage.plans.flatMap((plan) => [...plan.placed, ...plan.unplaced]),
  ...garage.withoutPlan,
];

/** The counts of a garage's slots by status, for the line over its list ("12 free, 3 taken, 5 not for you"). */
export function statusCounts(slots: readonly Pick<PlanSlot, 'status'>[]): Record<PlanSlotStatus, number> {
  const counts: Record<PlanSlotStatus, number> = { FREE: 0, TAKEN: 0, NOT_OFFERED: 0 };
  for (const slot of slots) {
    counts[slot.status] += 1;
  }
  return counts;
}
