import { z } from 'zod';

/*
 * The floor-plan day view (issue 32, item 1): `GET /api/availability/day?date=[&startTime=&endTime=][&garage=]`
 * answers, for the caller, the slots of their garages that have floor plans, each with its status for the day's
 * hours: FREE (the free-slot range offers it: the form can book it), TAKEN (offered, but held then) or
 * NOT_OFFERED (not theirs to take that day: exclusive, a pool, an accessible or charging slot, another's
 * assigned slot). Who holds a taken slot is never said. Each plan image comes once: slots whose plan files are
 * the same image (one file, or the same one uploaded for each slot) share it. The schema below is the one
 * source of the answer's types and of its description in /api/openapi.json.
 */

export const DAY_PLAN_PATH = 'availability/day';

export const PlanSlotStatus = z.enum(['FREE', 'TAKEN', 'NOT_OFFERED']);
export type PlanSlotStatus = z.infer<typeof PlanSlotStatus>;

/**
 * Why the caller can book nothing that day: the form's date rules for the type it would book (the past, beyond
 * the caller's horizon, a day off), or today's hours are over (TIME_IN_THE_PAST).
 */
export const DayPlanRefusal = z.enum([
  'DATE_IN_THE_PAST',
  'DATE_TOO_FAR_AHEAD',
  'NOT_A_WORKING_DAY',
  'TIME_IN_THE_PAST',
]);
export type DayPlanRefusal = z.infer<typeof DayPlanRefusal>;

export const PlanSlotSchema = z.strictObject({
  /** The slot as the reservation form's `parkingSlot` range answers it: its signed identifier and type. */
  __signedIdentifier: z.string(),
  __entityType: z.string(),
  name: z.string(),
  aggregaredName: z.string(),
  floor: z.number().int(),
  garageName: z.string(),
  /** Its place on the plan, percent of the image across and down; null: not placed yet. */
  planX: z.number().int().min(0).max(100).nullable(),
  planY: z.number().int().min(0).max(100).nullable(),
  status: PlanSlotStatus,
});
export type PlanSlot = z.infer<typeof PlanSlotSchema>;

export const FloorPlanSchema = z.strictObject({
  /** The plan's file token: `GET /ParkHere/download` with it (as the caller). */
  floorPlan: z.string(),
  /** The file's type: an image is drawn on, anything else (a PDF) is only listed. */
  contentType: z.string(),
  /** Its slots with a place on it, by floor and name. */
  placed: z.array(PlanSlotSchema),
  /** Its slots without a place yet. */
  unplaced: z.array(PlanSlotSchema),
});
export type FloorPlan = z.infer<typeof FloorPlanSchema>;

export const GaragePlansSchema = z.strictObject({
  /** The garage's signed identifier (the `garage` parameter takes it). */
  garage: z.string(),
  garageName: z.string(),
  plans: z.array(FloorPlanSchema),
  /** The garage's slots without a floor plan. */
  withoutPlan: z.array(PlanSlotSchema),
});
export type GaragePlans = z.infer<typeof GaragePlansSchema>;

export const DayPlanSchema = z.strictObject({
  date: z.string(),
  /** The hours the statuses are for: the parameters, else what the form fills in for the day (working hours). */
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  /** Why nothing can be booked that day (then every slot is NOT_OFFERED); null: free slots can be booked. */
  refusal: DayPlanRefusal.nullable(),
  /** The caller's garages that have a floor plan, by name. */
  garages: z.array(GaragePlansSchema),
});
export type DayPlan = z.infer<typeof DayPlanSchema>;
