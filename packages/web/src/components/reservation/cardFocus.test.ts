import { describe, expect, it } from 'vitest';
import type { Row } from '../../api/model.ts';
import { cardPositionOf, cardToFocus, LIST_HEADING, requestLineToFocus } from './cardFocus.ts';
import { cardItemsOf } from './reservationSeries.ts';

const row = (id: string, seriesId: string | null = null): Row & { seriesId: string | null } => ({
  __identifier: id,
  __signedIdentifier: `signed-${id}`,
  seriesId,
});

const items = cardItemsOf([row('a'), row('b', 's'), row('c', 's'), row('d')]);

describe('where focus goes when the cards change', () => {
  it('goes to the card of what was just booked, a series by any of its days, once it is there', () => {
    expect(cardToFocus({ kind: 'created', reservations: [{ __identifier: 'd' }] }, items)).toBe('signed-d');
    expect(cardToFocus({ kind: 'created', reservations: [{ __identifier: 'c' }] }, items)).toBe('s');
    expect(cardToFocus({ kind: 'created', reservations: [{ __identifier: 'new' }] }, items)).toBeNull();
  });

  it('goes to the card that took the removed one’s place, the one before it when it was last, else the heading', () => {
    expect(cardPositionOf(items, row('c', 's'))).toBe(1);
    expect(cardPositionOf(items, row('x'))).toBe(-1);
    const after = cardItemsOf([row('a'), row('d')]);
    expect(cardToFocus({ kind: 'removed', position: 1 }, after)).toBe('signed-d');
    expect(cardToFocus({ kind: 'removed', position: 2 }, after)).toBe('signed-d');
    expect(cardToFocus({ kind: 'removed', position: 0 }, [])).toBe(LIST_HEADING);
  });

  it('goes to the line of a day just requested of a draw, the first listed of a series, once it is there', () => {
    const lines = [row('r3'), row('r2'), row('r1')];
    expect(requestLineToFocus([{ __identifier: 'r2' }], lines)).toBe('signed-r2');
    expect(requestLineToFocus([{ __identifier: 'r1' }, { __identifier: 'r3' }], lines)).toBe('signed-r3');
    expect(requestLineToFocus([{ __identifier: 'new' }], lines)).toBeNull();
  });
});
