/* What other modules may use of the configuration: the settings the reservation rules read. */
export { dayOverrides, type RuleSettings, settingsQuery } from './repository.ts';
