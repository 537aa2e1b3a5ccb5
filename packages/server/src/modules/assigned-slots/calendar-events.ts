import { addDays, type Locale, workingDaysBetween } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { CalendarEvent } from '../../platform/mail/calendar-event.ts';
import { configuredDaySql } from '../configuration/index.ts';
import { type BookedByAnother, dayStates, slotsAssignedTo } from './repository.ts';
import { calendarOf } from './schedule.ts';

/*
 * [Pools] An assigned slot's days in its owner's calendar feed (modules/calendar): each working day they come
 * (EXPECTED: no holiday, not given back), from today on, over their working hours (else the configured ones).
 * A day given back or booked by a colleague is no longer listed, so the feed drops it; taken back, it returns
 * under the same UID.
 */

/** How many working days ahead the feed shows an owner's slot, today's first. */
export const FEED_WORKING_DAYS = 20;

const TEXTS: Record<Locale, { summary: (slot: string) => string; description: string }> = {
  'en-US': {
    summary: (slot) => `Your parking slot: ${slot}`,
    description: 'Assigned to you: no booking needed. Not coming? Give the day back on the dashboard.',
  },
  'hu-HU': {
    summary: (slot) => `Saját parkolóhelyed: ${slot}`,
    description: 'A tiéd, foglalás nélkül. Nem jössz? Add vissza a napot a kezdőlapon.',
  },
};

type ExpectedDay = {
  slotId: string;
  slot: string;
  date: string;
  startsAt: Date;
  endsAt: Date;
  assignedSince: Date;
};

/** The owner's expected days on each of their slots as calendar events (no organizer or attendee: a feed). */
export async function assignedSlotEvents(
  db: Executor,
  request: { userId: string; locale: Locale; now: Date; publicUrl: string; bookedByAnother: BookedByAnother },
): Promise<Omit<CalendarEvent, 'organizer' | 'attendee'>[]> {
  const slots = await slotsAssignedTo(db, request.userId, null);
  if (slots.length === 0) {
    return [];
  }
  const { today, calendar } = await calendarOf(db, request.now);
  const dates = workingDaysBetween(today, addDays(today, 6 * FEED_WORKING_DAYS), calendar).slice(
    0,
    FEED_WORKING_DAYS,
  );
  const expected = (
    await dayStates(
      db,
      request.bookedByAnother,
      request.userId,
      slots.map((slot) => slot.id),
      dates,
    )
  ).filter((day) => day.assignedDayState === 'EXPECTED');
  const found = await sql<ExpectedDay>`SELECT s.id::text AS slot_id, s.aggregared_name AS slot,
      to_char(x.date, 'YYYY-MM-DD') AS date,
      (x.date + coalesce(u.start_of_working_time, c.working_hours_start)) AT TIME ZONE c.time_zone AS starts_at,
      (x.date + coalesce(u.end_of_working_time, c.working_hours_end)) AT TIME ZONE c.time_zone AS ends_at,
      s.created_at AS assigned_since
    FROM unnest(${expected.map((day) => day.slotId)}::bigint[], ${expected.map((day) => day.date)}::date[])
        AS x(slot_id, date)
      JOIN parking_slots s ON s.id = x.slot_id JOIN users u ON u.id = s.assigned_to_id
      CROSS JOIN ${configuredDaySql} c
    ORDER BY x.date, s.aggregared_name`.execute(db);
  const texts = TEXTS[request.locale];
  const host = new URL(request.publicUrl).hostname;
  return found.rows.map((day) => ({
    uid: `assigned-slot-${day.slotId}-${day.date}@${host}`,
    sequence: 0,
    start: new Date(day.startsAt),
    end: new Date(day.endsAt),
    // Stable, so the feed's ETag changes only when its days do.
    stamp: new Date(day.assignedSince),
    summary: texts.summary(day.slot),
    location: day.slot,
    description: texts.description,
    cancelled: false,
  }));
}
