/**
 * `Date.UTC` for every year. `Date.UTC` reads a year 0–99 as 1900–1999, and a date field passes through
 * 0002, 0020 and 0202 while a year is typed: read as 1902, a period from 0002 to 1902 looked 31 days long.
 */
export const utcMs = (
  year: number,
  monthIndex: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number => {
  const at = new Date(0);
  at.setUTCFullYear(year, monthIndex, day);
  at.setUTCHours(hour, minute, second, 0);
  return at.getTime();
};
