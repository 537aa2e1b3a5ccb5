import { z } from 'zod';
import {
  REPORT_TYPES,
  type ReportDay,
  type ReportGarage,
  type ReportSlot,
  type ReportType,
  type ReportUser,
  type ReportWeekday,
  type SlotHolders,
  type UtilisationReport,
} from '../reports.ts';
import type { Same } from './route-schemas.ts';

/*
 * The reports' answers (reports.ts) as schemas, for their description in /api/openapi.json; the checks below
 * fail the build if a schema and its type drift apart.
 */

const count = z.number().int().min(0);
const hours = z.number().min(0);
const share = z.number().min(0).nullable();

const ReportDaySchema = z.strictObject({
  date: z.string(),
  workingDay: z.boolean(),
  reservations: count,
  cancellations: count,
  reservedSlotHours: hours,
  availableSlotHours: hours,
  occupancy: share,
  peakInUse: count,
  checkIns: count,
  noShows: count,
  waitlistUnserved: count,
  drawLosers: count,
});

const ReportWeekdaySchema = z.strictObject({
  weekday: z.number().int().min(1).max(7),
  days: count,
  reservations: count,
  reservedSlotHours: hours,
  availableSlotHours: hours,
  occupancy: share,
  peakInUse: count,
});

const ReportSlotSchema = z.strictObject({
  slot: z.string(),
  name: z.string(),
  garageName: z.string(),
  active: z.boolean(),
  reservations: count,
  hoursUsed: hours,
});

const ReportTypeSchema = z.strictObject({
  type: z.enum(REPORT_TYPES),
  reservations: count,
  cancellations: count,
  deletions: count,
  averageLeadHours: z.number().nullable(),
});

const attendance = {
  reservations: count,
  checkIns: count,
  noShows: count,
  releases: count,
  noShowRate: share,
};
const ReportGarageSchema = z.strictObject({ ...attendance, name: z.string() });
const ReportUserSchema = z.strictObject({ ...attendance, name: z.string(), email: z.string() });

export const UtilisationReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  days: z.array(ReportDaySchema),
  weekdays: z.array(ReportWeekdaySchema),
  slots: z.array(ReportSlotSchema),
  types: z.array(ReportTypeSchema),
  garages: z.array(ReportGarageSchema),
  users: z.array(ReportUserSchema),
});

export const SlotHoldersSchema = z.strictObject({
  slotName: z.string(),
  at: z.string(),
  holders: z.array(
    z.strictObject({
      name: z.string(),
      email: z.string(),
      type: z.enum(REPORT_TYPES),
      guestName: z.string().nullable(),
      licensePlate: z.string().nullable(),
      startsAt: z.string(),
      endsAt: z.string(),
      checkedInAt: z.string().nullable(),
    }),
  ),
});

export const reportSchemasMatchTheirTypes: [
  Same<z.infer<typeof ReportDaySchema>, ReportDay>,
  Same<z.infer<typeof ReportWeekdaySchema>, ReportWeekday>,
  Same<z.infer<typeof ReportSlotSchema>, ReportSlot>,
  Same<z.infer<typeof ReportTypeSchema>, ReportType>,
  Same<z.infer<typeof ReportGarageSchema>, ReportGarage>,
  Same<z.infer<typeof ReportUserSchema>, ReportUser>,
  Same<z.infer<typeof UtilisationReportSchema>, UtilisationReport>,
  Same<z.infer<typeof SlotHoldersSchema>, SlotHolders>,
] = [true, true, true, true, true, true, true, true];
