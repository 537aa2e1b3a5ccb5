import type { Locale, ReservationType } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { CalendarEvent } from '../../platform/mail/calendar-event.ts';
import { TYPE_LABELS } from '../notifications/index.ts';

/*
 * The draw's read model for the calendar feed: a user's PENDING requests as TENTATIVE events, so the day
 * stands in their calendar while the draw has not decided it. Once drawn, a won day is its reservation's own
 * event (the reservations' UID) and a lost or withdrawn request is no longer listed, so the feed drops it.
 */

type PendingRequest = {
  id: string;
  type: ReservationType;
  garage: string;
  preferredSlot: string | null;
  startsAt: Date;
  endsAt: Date;
  changedAt: Date;
  version: number;
};

const TEXTS: Record<
  Locale,
  { summary: (garage: string) => string; type: string; preferred: string; pending: string }
> = {
  'en-US': {
    summary: (garage) => `Draw request: ${garage}`,
    type: 'Type',
    preferred: 'Preferred slot',
    pending: 'Not reserved yet: the draw decides at its cut-off, and you are told the result.',
  },
  'hu-HU': {
    summary: (garage) => `Sorsolási kérés: ${garage}`,
    type: 'Típus',
    preferred: 'Kért parkolóhely',
    pending: 'Még nincs lefoglalva: a sorsolás a határidőkor dönt, és az eredményről értesítjük.',
  },
};

const dateOf = (value: Date | string): Date => new Date(value);

/** The user's PENDING requests of `from` and later, by day, as their calendar feed shows them (TENTATIVE). */
export async function pendingRequestEvents(
  db: Executor,
  request: { userId: string; from: string; locale: Locale; publicUrl: string },
): Promise<Omit<CalendarEvent, 'organizer' | 'attendee'>[]> {
  const found = await sql<PendingRequest>`SELECT q.id::text AS id, q.reservation_type AS type,
      g.name AS garage, s.aggregared_name AS preferred_slot, lower(q.during) AS starts_at,
      upper(q.during) AS ends_at, coalesce(q.modefied, q.created) AS changed_at, q.version
    FROM draw_requests q JOIN parking_garages g ON g.id = q.parking_garage_id
      LEFT JOIN parking_slots s ON s.id = q.preferred_slot_id
    WHERE q.user_id = ${request.userId}::bigint AND q.draw_status = 'PENDING' AND q.date >= ${request.from}::date
    ORDER BY q.date, q.start_time, q.id`.execute(db);
  const texts = TEXTS[request.locale];
  const host = new URL(request.publicUrl).hostname;
  return found.rows.map((row) => ({
    uid: `draw-request-${row.id}@${host}`,
    sequence: row.version - 1,
    start: dateOf(row.startsAt),
    end: dateOf(row.endsAt),
    stamp: dateOf(row.changedAt),
    summary: texts.summary(row.garage),
    location: row.garage,
    description: [
      `${texts.type}: ${TYPE_LABELS[request.locale][row.type]}`,
      ...(row.preferredSlot === null ? [] : [`${texts.preferred}: ${row.preferredSlot}`]),
      texts.pending,
    ].join('\n'),
    cancelled: false,
    tentative: true,
  }));
}
