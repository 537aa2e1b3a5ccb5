import type { AvailabilityDay } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { dayLabel, isPickable, mineLines, mondayOf, weekPeriod } from './availabilityDays.ts';

const t = (key: string, values?: Record<string, unknown>) =>
  values === undefined ? key : `${key}${JSON.stringify(values)}`;
const nothing: AvailabilityDay['mine'] = {
  reservations: [],
  onHoliday: false,
  waitlistPosition: null,
  drawRequest: false,
  assignedSlot: null,
};
const day = (date: string, more: Partial<AvailabilityDay> = {}): AvailabilityDay => ({
  date,
  isWorkingDay: true,
  freeSlots: 3,
  totalSlots: 5,
  mine: nothing,
  ...more,
});

describe('the week view', () => {
  it('asks from Monday, one week or two', () => {
    expect(mondayOf('2026-12-09')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13')).toBe('2026-12-07');
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    expect(weekPeriod('2026-12-31', 1)).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(weekPeriod('2026-12-09', 2)).toEqual({ from: '2026-12-07', to: '2026-12-20' });
  });

  it('lets a working day from today on fill the form', () => {
    expect(isPickable(day('2026-12-09'), '2026-12-09')).toBe(true);
    expect(isPickable(day('2026-12-08'), '2026-12-09')).toBe(false);
    expect(isPickable(day('2026-12-12', { isWorkingDay: false }), '2026-12-09')).toBe(false);
  });

  it("says the user's reservation, guest, holiday, waitlist place, draw request and slot", () => {
    const busy = day('2026-12-09', {
      mine: {
        reservations: [
          {
            slotName: 'HQ A-1',
            startTime: '09:00:00',
            endTime: '17:00:00',
            reservationType: 'NORMAL',
            guestName: null,
          },
          {
            slotName: 'HQ A-2',
            startTime: '10:00:00',
            endTime: '11:00:00',
            reservationType: 'GUEST',
            guestName: 'Ann',
          },
        ],
        onHoliday: true,
        waitlistPosition: 2,
        drawRequest: true,
        assignedSlot: { slotName: 'HQ B-1', givenBack: true },
      },
    });
    expect(mineLines(busy, t)).toEqual([
      'availability.reservation{"slot":"HQ A-1","start":"09:00","end":"17:00","guest":null}',
      'availability.guestReservation{"slot":"HQ A-2","start":"10:00","end":"11:00","guest":"Ann"}',
      'availability.holiday',
      'availability.waitlist{"position":2}',
      'availability.drawRequest',
      'availability.assignedGivenBack{"slot":"HQ B-1"}',
    ]);
    // An assigned slot says nothing on a day nobody comes.
    const weekend = day('2026-12-12', {
      isWorkingDay: false,
      freeSlots: null,
      totalSlots: null,
      mine: { ...nothing, assignedSlot: { slotName: 'HQ B-1', givenBack: false } },
    });
    expect(mineLines(weekend, t)).toEqual([]);
    expect(dayLabel(weekend, 'Sat 12', '2026-12-09', t)).toBe('Sat 12, availability.nonWorking');
  });

  it('names a pickable day with what a tap does', () => {
    expect(dayLabel(day('2026-12-09'), 'Wed 9', '2026-12-09', t)).toBe(
      'availability.pick{"day":"Wed 9, availability.free{\\"free\\":3,\\"total\\":5}"}',
    );
    expect(dayLabel(day('2026-12-08'), 'Tue 8', '2026-12-09', t)).toBe(
      'Tue 8, availability.free{"free":3,"total":5}',
    );
  });
});
