import { describe, expect, it } from 'vitest';
import { withExclusiveFlag } from './quickNormalExclusive.ts';

describe('quick and normal reservations stay exclusive (SPEC §4)', () => {
  it('turning quick on turns normal off', () => {
    expect(
      withExclusiveFlag({ isQuickReservation: false, isNormalReservation: true }, 'isQuickReservation', true),
    ).toEqual({
      isQuickReservation: true,
      isNormalReservation: false,
    });
  });

  it('turning normal off turns quick on', () => {
    expect(
      withExclusiveFlag(
        { isQuickReservation: false, isNormalReservation: true, name: 'n' },
        'isNormalReservation',
        false,
      ),
    ).toEqual({
      isQuickReservation: true,
      isNormalReservation: false,
      name: 'n',
    });
  });
});
