import { z } from 'zod';

/*
 * Availability at a glance (issue 32, item 1): `GET /api/availability?from=&to=&startTime=&endTime=` answers,
 * for the caller, each day of the period: whether it is a working day, how many slots are free for the asked
 * hours among those offered to them (garage access, exclusive slots, pools, accessible and charging slots,
 * assigned slots: the free-slot range's own rules), and what is theirs that day. The schema below is the one
 * source of the answer's types and of its description in /api/openapi.json.
 */

export const AVAILABILITY_PATH = 'availability';
/** The most days one call covers (both ends counted). */
export const AVAILABILITY_MAX_DAYS = 31;

const count = z.number().int().min(0);

export const AvailabilityReservationSchema = z.strictObject({
  /** The slot's full name (garage and slot). */
  slotName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  reservationType: z.enum(['NORMAL', 'QUICK', 'GUEST', 'LONG']),
  /** A GUEST reservation's guest; null for the caller's own parking. */
  guestName: z.string().nullable(),
});

export const AvailabilityMineSchema = z.strictObject({
  /**
   * The caller's reservations of the day that hold or held their slot (their own and their guests'), by start:
   * ACTIVE ones and those over, not those cancelled.
   */
  reservations: z.array(AvailabilityReservationSchema),
  /** The caller is on holiday that day. */
  onHoliday: z.boolean(),
  /** The caller's best place on the day's waitlist while waiting (1: next); null: not waiting. */
  waitlistPosition: count.min(1).nullable(),
  /** The caller has a pending fair-draw request for the day. */
  drawRequest: z.boolean(),
  /** The slot assigned to the caller, and whether they gave that day back; null: none assigned. */
  assignedSlot: z.strictObject({ slotName: z.string(), givenBack: z.boolean() }).nullable(),
});

export const AvailabilityDaySchema = z.strictObject({
  date: z.string(),
  /** Monday to Friday but public holidays, with the configured additional days (working and not). */
  isWorkingDay: z.boolean(),
  /** Slots offered to the caller that day and free for the whole of the asked hours; null on a non-working day. */
  freeSlots: count.nullable(),
  /** Slots offered to the caller that day, free or not; null on a non-working day. */
  totalSlots: count.nullable(),
  mine: AvailabilityMineSchema,
});

export const AvailabilitySchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** The asked hours: the parameters, else the caller's working hours (Profile). */
  startTime: z.string(),
  endTime: z.string(),
  /** The configured time zone the days and hours are read in. */
  timeZone: z.string(),
  days: z.array(AvailabilityDaySchema),
});

export type AvailabilityReservation = z.infer<typeof AvailabilityReservationSchema>;
export type AvailabilityMine = z.infer<typeof AvailabilityMineSchema>;
export type AvailabilityDay = z.infer<typeof AvailabilityDaySchema>;
export type Availability = z.infer<typeof AvailabilitySchema>;
