import type { Sources } from '../../engine/registry.ts';
import { additionalDaySource, configurationSettingsSource } from './source.ts';

export { configuredTimeZone, configuredToday, configuredWallClock } from './configured-clock.ts';
export { configurationOperations as operations } from './operations.ts';
export { configuredHolidayImage } from './source.ts';

export const sources = {
  AdditionalDay: additionalDaySource,
  ConfigurationSettings: configurationSettingsSource,
} satisfies Partial<Sources>;
