import type { AvailabilityDay } from '@parkhere/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { availabilityFromCache, availabilityQuery } from '../../api/reservationQueries.ts';
import { ApiError } from '../../errors/apiError.ts';
import { limitsOf } from './codeTexts.ts';
import { draftDays, ownOverlapOf } from './ownReservation.ts';
import { EMPTY_DRAFT } from './reservationDraft.ts';

const nothing = { onHoliday: false, waitlistPosition: null, drawRequest: false, assignedSlot: null };

const day = (date: string, ...reservations: [string, string, string | null][]): AvailabilityDay => ({
  date,
  isWorkingDay: true,
  freeSlots: 3,
  totalSlots: 4,
  mine: {
    ...nothing,
    reservations: reservations.map(([startTime, endTime, guestName]) => ({
      slotName: 'A-105 / -1 (HQ Garage)',
      startTime,
      endTime,
      reservationType: guestName === null ? 'NORMAL' : 'GUEST',
      guestName,
    })),
  },
});

describe('the user’s own reservation a draft would overlap', () => {
  it('is the first of their own that shares a minute with the draft’s times (half-open, guests aside)', () => {
    const days = [
      day('2026-12-01', ['07:00:00', '09:00:00', null], ['09:00:00', '12:00:00', 'Gina Guest']),
      day('2026-12-02', ['10:00:00', '11:00:00', null]),
    ];
    const draft = { startTime: '09:00:00', endTime: '17:00:00' };
    expect(ownOverlapOf(days.slice(0, 1), draft)).toBeNull();
    expect(ownOverlapOf(days, draft)).toEqual({
      parkingSlot: 'A-105 / -1 (HQ Garage)',
      date: '2026-12-02',
      startTime: '10:00:00',
      endTime: '11:00:00',
    });
    // Without times yet, any of their own that day.
    expect(ownOverlapOf(days.slice(0, 1), { startTime: null, endTime: null })?.startTime).toBe('07:00:00');
  });

  it('asks the draft’s date, and a LONG series up to its end, at most 31 days', () => {
    const draft = { ...EMPTY_DRAFT, date: '2026-12-01', endDate: '2027-03-01' };
    expect(draftDays({ ...draft, reservationType: 'NORMAL' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
    expect(draftDays({ ...draft, reservationType: 'LONG' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(draftDays({ ...draft, reservationType: 'LONG', endDate: '2026-12-04' })?.to).toBe('2026-12-04');
    expect(draftDays({ ...draft, date: null })).toBeNull();
  });
});

describe('the limits a 400 answer names', () => {
  it('are read by field and code from the items’ details', () => {
    const refused = new ApiError(400, [
      { code: 'DATE_TOO_FAR_AHEAD', level: 'ERROR', location: 'repeatUntil', details: { max: '2026-12-12' } },
      { code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'car' },
    ]);
    expect(limitsOf(refused)).toEqual({ 'repeatUntil:DATE_TOO_FAR_AHEAD': '2026-12-12' });
    expect(limitsOf(new ApiError(409, { code: 'SLOT_ALREADY_RESERVED' }))).toEqual({});
  });
});

describe('the draft’s days read from an answer the cache holds', () => {
  const week = {
    from: '2026-11-30',
    to: '2026-12-04',
    startTime: '08:00:00',
    endTime: '17:00:00',
    timeZone: 'Europe/Budapest',
    days: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].map((date) => day(date)),
  };

  it('are the week view’s days within them, as fresh as the week’s answer', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(availabilityQuery(week.from, week.to).queryKey, week, { updatedAt: 1234 });
    expect(availabilityFromCache(queryClient, '2026-12-01', '2026-12-02')).toEqual({
      data: { ...week, from: '2026-12-01', to: '2026-12-02', days: [week.days[1], week.days[2]] },
      updatedAt: 1234,
    });
  });

  it('are not there when no answer covers all of them, nor for a draft without a date', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(availabilityQuery(week.from, week.to).queryKey, week);
    expect(availabilityFromCache(queryClient, '2026-12-04', '2026-12-07')).toBeUndefined();
    expect(availabilityFromCache(queryClient, '2026-11-27', '2026-11-30')).toBeUndefined();
    expect(availabilityFromCache(queryClient, '', '')).toBeUndefined();
    expect(availabilityFromCache(new QueryClient(), '2026-12-01', '2026-12-01')).toBeUndefined();
  });
});
