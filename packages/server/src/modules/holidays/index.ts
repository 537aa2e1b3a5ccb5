import { sql } from 'kysely';
import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import { listPart } from '../../platform/personal-data.ts';
import {
  holidayInputSource,
  holidayPanelSource,
  holidaySource,
  queryReservationsForHolidayResultSource,
} from './source.ts';

export { onHolidaySql } from './day-sql.ts';
export { holidayOperations as operations, holidayTemplates as templates } from './operations.ts';

export const sources = {
  Holiday: holidaySource,
  HolidayInput: holidayInputSource,
  QueryReservationsForHolidayResult: queryReservationsForHolidayResultSource,
  HolidayPanel: holidayPanelSource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'holidays' }];

/** A holiday overlapping another of its owner's is refused as an overlap. */
export const constraints = {
  holidays_no_overlap: { conflict: 'OVERLAPPING_RESERVATION' },
} satisfies Constraints;

/** The user's holidays, for their own copy of their data. */
export const personalData = listPart(
  'holidays',
  (userId) =>
    sql`SELECT id, user_id, start_date, end_date, version, created_at FROM holidays WHERE user_id = ${userId}::bigint ORDER BY start_date, id`,
);
