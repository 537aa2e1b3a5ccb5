import { describe, expect, it } from 'vitest';
import { arrivalsOrder } from './arrivalsOrder.ts';

describe('arrivalsOrder', () => {
  it('lists guests first, then by start time', () => {
    const rows = [
      { reserverName: 'late', startTime: '10:00:00', isGuest: false },
      { reserverName: 'guest', startTime: '11:00:00', isGuest: true },
      { reserverName: 'early', startTime: '08:00:00', isGuest: false },
    ];
    expect(arrivalsOrder(rows).map((row) => row.reserverName)).toEqual(['guest', 'early', 'late']);
  });
});
