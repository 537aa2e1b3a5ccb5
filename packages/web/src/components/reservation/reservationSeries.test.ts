import { describe, expect, it } from 'vitest';
import { cardItemsOf, sharedTimes } from './reservationSeries.ts';

const day = (id: string, seriesId: string | null, type = 'LONG', startTime = '08:00:00') => ({
  id,
  seriesId,
  reservationType: type,
  startTime,
  endTime: '16:00:00',
});

/** Each card as its reservation's id, or its days' ids joined by +. */
const cardIds = (items: ReturnType<typeof cardItemsOf<ReturnType<typeof day>>>) =>
  items.map((item) =>
    item.kind === 'single' ? item.reservation.id : item.days.map((member) => member.id).join('+'),
  );

describe('cardItemsOf', () => {
  it('puts the days of one LONG booking on one card where its first day stood', () => {
    const items = cardItemsOf([
      day('normal', null, 'NORMAL'),
      day('mon', 's1'),
      day('quick', null, 'QUICK'),
      day('tue', 's1'),
      day('other', 's2'),
    ]);
    expect(cardIds(items)).toEqual(['normal', 'mon+tue', 'quick', 'other']);
  });

  it('shows a series with one day left as an ordinary card', () => {
    expect(cardItemsOf([day('last', 's1'), day('alone', null, 'NORMAL')])).toEqual([
      { kind: 'single', reservation: day('last', 's1') },
      { kind: 'single', reservation: day('alone', null, 'NORMAL') },
    ]);
  });

  it('puts the days of one weekly pattern (NORMAL days sharing a series) on one card', () => {
    const items = cardItemsOf([
      day('tue', 'p1', 'NORMAL'),
      day('wed', null, 'NORMAL'),
      day('thu', 'p1', 'NORMAL'),
    ]);
    expect(cardIds(items)).toEqual(['tue+thu', 'wed']);
  });
});

describe('sharedTimes', () => {
  it('says the times once when every day has them, else nothing', () => {
    expect(sharedTimes([day('a', 's'), day('b', 's')])).toBe('08:00–16:00');
    expect(sharedTimes([day('a', 's'), day('b', 's', 'LONG', '09:00:00')])).toBeNull();
  });
});
