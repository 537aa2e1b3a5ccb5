import type { Row } from '../../api/model.ts';
import type { CardItem } from './reservationSeries.ts';

/*
 * Where focus goes after the list of cards changed under a keyboard or screen-reader user (issue 31 §3): to the
 * card of what they just booked, or, once their card is gone (deleted, cancelled), to the card that took its
 * place (the one before it when it was the last), or to the list's heading when no card is left. A day in a
 * draw is requested, not booked: focus goes to its line among the draw requests.
 */

/** What changed: reservations just booked, the card at `position` removed, or draw requests just made. */
export type CardFocus =
  | { kind: 'created'; reservations: readonly Row[] }
  | { kind: 'removed'; position: number }
  | { kind: 'requested'; requests: readonly Row[] };

/** The list's heading, when there is no card to go to. */
export const LIST_HEADING = 'heading';

/** A card's key among the panel's cards: its series, or its reservation. */
export function cardKeyOf(item: CardItem<Row>): string {
  return item.kind === 'series' ? item.seriesId : (item.reservation.__signedIdentifier ?? '');
}

const daysOf = (item: CardItem<Row>): readonly Row[] =>
  item.kind === 'series' ? item.days : [item.reservation];

/** One record in two answers: by its identifier, or its signed identifier where a row lacks one. */
const sameRecord = (a: Row, b: Row): boolean =>
  a.__identifier !== undefined && b.__identifier !== undefined
    ? a.__identifier === b.__identifier
    : a.__signedIdentifier !== undefined && a.__signedIdentifier === b.__signedIdentifier;

/** The position of the card showing `reservation`, -1 when none does. */
export function cardPositionOf(items: readonly CardItem<Row>[], reservation: Row): number {
  return items.findIndex((item) => daysOf(item).some((day) => sameRecord(day, reservation)));
}

/**
 * The key of the card to focus now, LIST_HEADING for the heading, or null to wait: a booked reservation's card
 * comes with the panel's next answer.
 */
export function cardToFocus(
  focus: Exclude<CardFocus, { kind: 'requested' }>,
  items: readonly CardItem<Row>[],
): string | null {
  if (focus.kind === 'created') {
    const item = items.find((candidate) =>
      daysOf(candidate).some((day) => focus.reservations.some((made) => sameRecord(day, made))),
    );
    return item === undefined ? null : cardKeyOf(item);
  }
  const item = items[Math.min(focus.position, items.length - 1)];
  return item === undefined ? LIST_HEADING : cardKeyOf(item);
}

/**
 * The signed identifier of the line to focus among the draw requests `rows` (as the panel lists them): the first
 * of those just `requested` (a LONG series is a request a day), or null to wait for the panel's next answer.
 */
export function requestLineToFocus(requested: readonly Row[], rows: readonly Row[]): string | null {
  const line = rows.find((row) => requested.some((made) => sameRecord(row, made)));
  return line?.__signedIdentifier ?? null;
}

/**
 * Focuses a card (or the list's heading) and keeps it in view while the page settles: what is above it (the week
 * view's answer) may still arrive and push it down, out of view. Until the user moves focus, or for two seconds.
 */
export function focusInView(element: HTMLElement | null | undefined): void {
  element?.focus();
  if (!element || typeof ResizeObserver === 'undefined') {
    return;
  }
  const observer = new ResizeObserver(() => {
    if (document.activeElement === element) {
      element.scrollIntoView({ block: 'nearest' });
    }
  });
  observer.observe(document.body);
  setTimeout(() => observer.disconnect(), 2000);
}
