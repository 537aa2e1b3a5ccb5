import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import { additionalDaySource, configurationSettingsSource } from './source.ts';

export { configuredTimeZone, configuredToday, configuredWallClock } from './configured-clock.ts';
export { mailPreviewRoutes } from './mail-preview-routes.ts';
export { type ConfiguredMail, loadMailSettings } from './mail-settings.ts';
export { configurationOperations as operations } from './operations.ts';
export { additionalDaysSql, configuredDaySql } from './report-sql.ts';
export { dayOverrides, type RuleSettings, settingsQuery } from './repository.ts';
export { auditRetentionBoundary, RETENTION_MONTHS, retentionBoundary } from './retention-settings.ts';
export { configuredHolidayImage } from './source.ts';

/*
 * The configuration's sources and operations for the registry, and what other modules may use of it: the
 * configured clock, the settings the reservation rules read and the working-day overrides.
 */
export const sources = {
  AdditionalDay: additionalDaySource,
  ConfigurationSettings: configurationSettingsSource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'configuration' }, { table: 'additional_days' }];

/** A day has one override. */
export const constraints = {
  additional_days_day_key: { attribute: 'day' },
} satisfies Constraints;
