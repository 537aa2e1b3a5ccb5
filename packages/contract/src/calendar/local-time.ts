/** A wall-clock time of day as the wire carries it, `HH:mm:ss` (milliseconds, if any, are ignored). */
export type LocalTime = string;

export const MINUTES_PER_DAY = 24 * 60;
/** The last minute a time of day can name; computed times are clamped to it instead of rolling into tomorrow. */
export const LAST_MINUTE_OF_DAY = MINUTES_PER_DAY - 1;

/** Minutes after midnight; seconds are dropped because every rule works to the minute. */
export const minutesOf = (time: LocalTime): number =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Seconds after midnight, for the rare comparison that must not lose them. */
export const secondsOf = (time: LocalTime): number => minutesOf(time) * 60 + Number(time.slice(6, 8) || '0');

export const timeOfMinutes = (minutes: number): LocalTime => {
  const clamped = Math.min(Math.max(Math.trunc(minutes), 0), LAST_MINUTE_OF_DAY);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}:00`;
};

/** `HH:mm:00`: the time floored to its minute. */
export const floorToMinute = (time: LocalTime): LocalTime => timeOfMinutes(minutesOf(time));

export const compareTimes = (left: LocalTime, right: LocalTime): number => secondsOf(left) - secondsOf(right);
