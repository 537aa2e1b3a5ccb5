import type { Row } from '../../api/model.ts';
import { shortTime } from '../../components/forms/wireValues.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What an administrator's booking made, in the words of the alert that says so. */
export type CreatedSummary = {
  /** The user it is for (their name), or a guest's name with the host's. */
  owner: string;
  slot: string;
  /** The first and the last day (the same for one reservation). */
  firstDay: string;
  lastDay: string;
  dayCount: number;
  times: string;
};

/**
 * The reservations a save created (one, or the days of a LONG series) as one line's facts; null for none.
 * The rows are the server's answer, in date order.
 */
export function createdSummaryOf(created: readonly Row[]): CreatedSummary | null {
  const [first] = created;
  const last = created[created.length - 1];
  if (first === undefined || last === undefined) {
    return null;
  }
  return {
    owner: text(first.owner) || text(first.reserverName),
    slot: text(first.parkingSlotInformation),
    firstDay: text(first.date),
    lastDay: text(last.date),
    dayCount: created.length,
    times: `${shortTime(text(first.startTime))}–${shortTime(text(first.endTime))}`,
  };
}
