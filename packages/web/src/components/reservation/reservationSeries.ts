import { shortTime } from '../forms/wireValues.ts';

/** What the grouping reads of a reservation (UserReservation's fields). */
export type SeriesMember = {
  reservationType?: string | null;
  seriesId?: string | null;
  startTime?: string | null;
  endTime?: string | null;
};

/** One card of the active reservations: a reservation alone, or the days of one series (LONG or a weekly pattern) together. */
export type CardItem<R> =
  | { kind: 'single'; reservation: R }
  | { kind: 'series'; seriesId: string; days: R[] };

/**
 * The active reservations as cards: the days of one LONG booking or one weekly pattern (the server gives them
 * one seriesId) make one card, where the first of them stood; a series with one day left is an ordinary card.
 */
export function cardItemsOf<R extends SeriesMember>(reservations: readonly R[]): CardItem<R>[] {
  const series = new Map<string, R[]>();
  for (const reservation of reservations) {
    const id = reservation.seriesId;
    if (id != null && id !== '') {
      series.set(id, [...(series.get(id) ?? []), reservation]);
    }
  }
  const items: CardItem<R>[] = [];
  const placed = new Set<string>();
  for (const reservation of reservations) {
    const id = reservation.seriesId ?? '';
    const days = series.get(id);
    if (days === undefined || days.length < 2) {
      items.push({ kind: 'single', reservation });
    } else if (!placed.has(id)) {
      placed.add(id);
      items.push({ kind: 'series', seriesId: id, days });
    }
  }
  return items;
}

/** `08:00–16:00` when every day has the same times (the series' header says it once), else null. */
export function sharedTimes(days: readonly SeriesMember[]): string | null {
  const times = new Set(days.map((day) => `${shortTime(day.startTime)}–${shortTime(day.endTime)}`));
  return times.size === 1 ? ([...times][0] ?? null) : null;
}
