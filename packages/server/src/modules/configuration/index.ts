import { additionalDaySource, configurationSettingsSource } from './source.ts';

export { configurationOperations as operations } from './operations.ts';
export const sources = {
  AdditionalDay: additionalDaySource,
  ConfigurationSettings: configurationSettingsSource,
};
