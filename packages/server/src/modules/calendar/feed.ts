import { createHash } from 'node:crypto';
import { addDays } from '@parkhere/contract';
import { todayIn } from '../../platform/calendar.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { writeCalendar } from '../../platform/mail/calendar-event.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import { assignedSlotEvents } from '../assigned-slots/index.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { pendingRequestEvents } from '../draw/index.ts';
import { eventFactsOf, ownerEventRecords, reservationEvent } from '../notifications/index.ts';
import { reservationRowsSql, slotBookedByAnotherSql } from '../reservations/index.ts';

/** How far back the feed reaches: a month of history is enough to look up where one parked. */
export const FEED_DAYS_BACK = 30;

/** How often a subscribed client should look again (REFRESH-INTERVAL): a conditional GET costs little. */
const REFRESH_SECONDS = 15 * 60;

export type FeedDocument = { body: string; etag: string };

/**
 * A user's feed: every reservation of theirs from FEED_DAYS_BACK days before today (in the configured zone) on,
 * in any status, their fair draw requests still pending (TENTATIVE, as the draw's read model has them), and the
 * days they come to an assigned slot of theirs (assigned-slots' calendar-events.ts), in their language. Its ETag is the body's hash, so anything the events show (a check-in
 * too, which keeps the version) changes it and nothing else does.
 */
export async function feedDocument(
  db: Executor,
  request: { userId: string; locale: string | null; now: Date; publicUrl: string },
): Promise<FeedDocument> {
  const { timeZone } = await loadMailSettings(db);
  const from = addDays(todayIn(request.now, timeZone), -FEED_DAYS_BACK);
  const records = await ownerEventRecords(db, reservationRowsSql, request.userId, from);
  const locale = localeOf(request.locale);
  const { publicUrl } = request;
  const requests = await pendingRequestEvents(db, { userId: request.userId, from, locale, publicUrl });
  const assignedDays = await assignedSlotEvents(db, {
    userId: request.userId,
    locale,
    now: request.now,
    publicUrl,
    bookedByAnother: slotBookedByAnotherSql,
  });
  const body = writeCalendar({
    timeZone,
    name: 'ParkHere',
    refreshSeconds: REFRESH_SECONDS,
    events: [
      ...records.map((record) => reservationEvent(eventFactsOf(record), { locale, timeZone, publicUrl })),
      ...requests,
      ...assignedDays,
    ],
  });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or weak forms count too). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) {
    return false;
  }
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
