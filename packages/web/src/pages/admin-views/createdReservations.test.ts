import { describe, expect, it } from 'vitest';
import { createdSummaryOf } from './createdReservations.ts';

const row = (date: string) => ({
  date,
  startTime: '08:00:00',
  endTime: '16:30:00',
  owner: 'Ursula User',
  reserverName: 'Ursula User',
  parkingSlotInformation: 'A-105 (HQ Garage / -1)',
});

describe('createdSummaryOf', () => {
  it('names the user, slot, days and times of what was made', () => {
    expect(createdSummaryOf([row('2026-11-23'), row('2026-11-24'), row('2026-11-25')])).toEqual({
      owner: 'Ursula User',
      slot: 'A-105 (HQ Garage / -1)',
      firstDay: '2026-11-23',
      lastDay: '2026-11-25',
      dayCount: 3,
      times: '08:00–16:30',
    });
  });
  it('says nothing of an empty answer', () => {
    expect(createdSummaryOf([])).toBeNull();
  });
});
