import { describe, expect, it } from 'vitest';
import { at } from '../../../../test/rule-fixtures.ts';
import { type HeldReservation, upcomingCounts } from './quotas.ts';

const now = at('2026-05-04', '10:00:00');
const held = (overrides: Partial<HeldReservation>): HeldReservation => ({
  type: 'NORMAL',
  status: 'ACTIVE',
  end: at('2026-05-05', '17:00:00'),
  ...overrides,
});

describe('what counts against a quota', () => {
  it.each([
    ['a future ACTIVE NORMAL', [held({})], { normal: 1, guest: 0, longSeries: 0 }],
    [
      'one in progress',
      [held({ end: at('2026-05-04', '10:00:01') })],
      { normal: 1, guest: 0, longSeries: 0 },
    ],
    [
      'one ended, still stored ACTIVE',
      [held({ end: at('2026-05-04', '10:00:00') })],
      { normal: 0, guest: 0, longSeries: 0 },
    ],
    ['a DELETED one', [held({ status: 'DELETED' })], { normal: 0, guest: 0, longSeries: 0 }],
    ['QUICK', [held({ type: 'QUICK' })], { normal: 0, guest: 0, longSeries: 0 }],
    ['two GUEST', [held({ type: 'GUEST' }), held({ type: 'GUEST' })], { normal: 0, guest: 2, longSeries: 0 }],
    [
      'two series of several days',
      [
        held({ type: 'LONG', seriesId: 'a' }),
        held({ type: 'LONG', seriesId: 'a' }),
        held({ type: 'LONG', seriesId: 'b' }),
      ],
      { normal: 0, guest: 0, longSeries: 2 },
    ],
    [
      'a series whose last day is over',
      [held({ type: 'LONG', seriesId: 'a', end: at('2026-05-01', '17:00:00') })],
      { normal: 0, guest: 0, longSeries: 0 },
    ],
  ])('%s', (_case, reservations, expected) => {
    expect(upcomingCounts(reservations, now)).toEqual(expected);
  });
});
