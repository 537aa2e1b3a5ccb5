/*
 * Configuration.timeZone. Every wall-clock rule formats instants in the configured zone with Intl, so a zone
 * Intl does not know (Mars/Olympus) turned every reservation form into a 500: the model accepts only zones
 * the runtime knows.
 */

/**
 * Whether Intl can tell the time in `value`. Aliases count (Asia/Kolkata and Asia/Calcutta): runtimes list
 * different canonical names, and the zone a browser offers must be one the server accepts.
 */
export const isKnownTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

let offered: readonly string[] | undefined;

/** The IANA zones to pick from, sorted; `UTC` is listed by some runtimes and not others, so it is added. */
export const timeZones = (): readonly string[] => {
  offered ??= [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort();
  return offered;
};
