/*
 * The test clock (README "A test clock"): TEST_CLOCK of the server and E2E_CLOCK of the browser tests are
 * `<instant>[@<real instant>]`, each an ISO instant with its offset, its seconds optional as people type it
 * (`2026-12-01T08:00Z`, `2026-12-01T09:00:00+01:00`). One reading for both, so what one accepts the other does.
 */

/** How a test clock is written, for the message that refuses one. */
export const TEST_CLOCK_FORMAT =
  'an ISO instant with its offset, seconds optional (2026-12-01T08:00Z, 2026-12-01T09:00:00+01:00), optionally @ the real instant it applies at';

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** An ISO instant with its offset (seconds optional), or undefined for anything else, a 30 February too. */
export function parseIsoInstant(text: string): Date | undefined {
  const match = ISO_INSTANT.exec(text);
  if (match === null) {
    return undefined;
  }
  const [, year, month, day] = match.map(Number);
  const date = new Date(text);
  const calendarDay = new Date(0);
  calendarDay.setUTCFullYear(year ?? 0, (month ?? 0) - 1, day ?? 0);
  const exists = calendarDay.getUTCMonth() === (month ?? 0) - 1 && calendarDay.getUTCDate() === day;
  return exists && !Number.isNaN(date.getTime()) ? date : undefined;
}

export type TestClock = { start: Date; since: Date | undefined };

/** `<instant>` or `<instant>@<real instant>`; undefined when it is neither. */
export function parseTestClock(text: string): TestClock | undefined {
  const [start = '', since, ...rest] = text.split('@');
  const startAt = parseIsoInstant(start);
  const sinceAt = since === undefined ? undefined : parseIsoInstant(since);
  if (rest.length > 0 || startAt === undefined || (since !== undefined && sinceAt === undefined)) {
    return undefined;
  }
  return { start: startAt, since: sinceAt };
}
