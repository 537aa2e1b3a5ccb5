import { describe, expect, it } from 'vitest';
import { arrivalsMatching, arrivalsOrder, looksLikePlate } from './arrivalsOrder.ts';

const open = (closes: string) => ({ checkInRequired: true, isCheckInOpen: true, checkInClosesAt: closes });

describe('arrivalsOrder', () => {
  it('lists open check-in windows first, the one closing first on top, then by start time, done ones last', () => {
    const rows = [
      { reserverName: 'arrived', startTime: '07:00:00', checkedInAt: '2026-11-24T06:55:00Z' },
      { reserverName: 'late', startTime: '10:00:00', isGuest: false },
      { reserverName: 'guest', startTime: '11:00:00', isGuest: true },
      { reserverName: 'closes 09:30', startTime: '09:00:00', ...open('09:30:00') },
      { reserverName: 'closes 09:10', startTime: '08:40:00', ...open('09:10:00') },
      { reserverName: 'no-show', startTime: '06:00:00', reservationStatus: 'NO_SHOW' },
      { reserverName: 'owner', startTime: '08:00:00', isAssignedSlotOwner: true },
    ];
    expect(arrivalsOrder(rows).map((row) => row.reserverName)).toEqual([
      'closes 09:10',
      'closes 09:30',
      'owner',
      'late',
      'guest',
      'no-show',
      'arrived',
    ]);
  });

  it('puts the guest first among arrivals at the same time', () => {
    const rows = [
      { reserverName: 'employee', startTime: '09:00:00' },
      { reserverName: 'guest', startTime: '09:00:00', isGuest: true },
    ];
    expect(arrivalsOrder(rows).map((row) => row.reserverName)).toEqual(['guest', 'employee']);
  });
});

describe('arrivalsMatching', () => {
  const rows = [
    { reserverName: 'Béla Kovács', reserverCarId: 'ABC-123' },
    { reserverName: 'Anna Nagy', reserverCarId: 'XYZ-987' },
  ];
  const names = (typed: string) => arrivalsMatching(rows, typed).map((row) => row.reserverName);

  it('finds a plate however it is typed', () => {
    expect(names('abc 123')).toEqual(['Béla Kovács']);
    expect(names('c12')).toEqual(['Béla Kovács']);
    expect(names('XYZ-987')).toEqual(['Anna Nagy']);
  });

  it('finds a name without its accents or case', () => {
    expect(names('bela')).toEqual(['Béla Kovács']);
    expect(names('  NAGY ')).toEqual(['Anna Nagy']);
  });

  it('keeps every row while nothing is typed, and none for a plate nobody booked', () => {
    expect(names('  ')).toHaveLength(2);
    expect(names('QQQ-000')).toEqual([]);
    expect(looksLikePlate('QQQ-000')).toBe(true);
    expect(looksLikePlate('Cecil')).toBe(false);
  });
});
