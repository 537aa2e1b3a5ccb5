import type { Row } from '../../api/model.ts';
import { shortTime } from '../forms/wireValues.ts';

/** What every request the dashboard lists (a wait, a draw request) says it asks for; the rest is its kind's. */
export type RequestDayRow = Row & {
  date?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  reservationType?: string | null;
};

/** Its times as the dashboard shows them: "08:00–16:00". */
export const requestTimeText = (request: RequestDayRow): string =>
  `${shortTime(request.startTime)}–${shortTime(request.endTime)}`;
