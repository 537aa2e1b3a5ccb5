import type { LocalDate } from './calendar/local-date.ts';

/*
 * The administrators' utilisation report (issue 28, [Insight]): `GET /api/reports/utilisation?from=&to=&garage=`
 * and who held a slot at an instant, `GET /api/reports/slot-holders?slot=&at=`. Every figure is computed by the
 * database over the whole period. Hours are slot-hours within the day window: the garage's own working hours,
 * else the configured ones, on the day in the configured time zone (so a DST day's window may be an hour
 * shorter or longer); available hours count the active slots on working days only.
 */

export const REPORTS_UTILISATION_PATH = 'reports/utilisation';
export const REPORTS_SLOT_HOLDERS_PATH = 'reports/slot-holders';
/** The longest period one report covers, in days (both ends counted). */
export const REPORT_MAX_DAYS = 366;

export const REPORT_TYPES = ['NORMAL', 'QUICK', 'GUEST', 'LONG'] as const;

/** The share of `part` in `whole`, 0–1, or null when there is no whole. */
type Share = number | null;

export type ReportDay = {
  date: LocalDate;
  workingDay: boolean;
  /** Reservations of the day that held their slot (not cancelled, not deleted). */
  reservations: number;
  cancellations: number;
  reservedSlotHours: number;
  availableSlotHours: number;
  /** reservedSlotHours ÷ availableSlotHours. */
  occupancy: Share;
  /** The most slots in use at once within the day window. */
  peakInUse: number;
  checkIns: number;
  noShows: number;
  /** Waitlist entries whose start passed while they waited. */
  waitlistUnserved: number;
  /** Fair-draw requests that lost. */
  drawLosers: number;
};

export type ReportWeekday = {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  days: number;
  reservations: number;
  reservedSlotHours: number;
  availableSlotHours: number;
  occupancy: Share;
  peakInUse: number;
};

export type ReportSlot = {
  slot: string;
  name: string;
  garageName: string;
  active: boolean;
  reservations: number;
  hoursUsed: number;
};

export type ReportType = {
  type: (typeof REPORT_TYPES)[number];
  reservations: number;
  cancellations: number;
  deletions: number;
  /** The average time from booking to start, in hours (reservations that held their slot). */
  averageLeadHours: number | null;
};

/** Check-ins, no-shows (released unchecked) and releases (given back by a cancellation), and the no-show rate. */
export type ReportAttendance = {
  reservations: number;
  checkIns: number;
  noShows: number;
  releases: number;
  /** noShows ÷ (checkIns + noShows): of those who had to check in, how many did not come. */
  noShowRate: Share;
};

export type ReportGarage = ReportAttendance & { name: string };
export type ReportUser = ReportAttendance & { name: string; email: string };

export type UtilisationReport = {
  from: LocalDate;
  to: LocalDate;
  timeZone: string;
  days: ReportDay[];
  weekdays: ReportWeekday[];
  slots: ReportSlot[];
  types: ReportType[];
  garages: ReportGarage[];
  users: ReportUser[];
};

/** Who held a slot at an instant: every reservation whose held interval contains it (one, or none). */
export type SlotHolder = {
  name: string;
  email: string;
  type: (typeof REPORT_TYPES)[number];
  guestName: string | null;
  licensePlate: string | null;
  startsAt: string;
  endsAt: string;
  checkedInAt: string | null;
};

export type SlotHolders = { slotName: string; at: string; holders: SlotHolder[] };
