import { describe, expect, it } from 'vitest';
import {
  isRepeatOffered,
  patternSummary,
  repeatFieldsOf,
  toggledWeekdays,
  weekdaysOf,
} from './repeatPattern.ts';

describe('the form’s weekly pattern', () => {
  it('is offered for NORMAL, and for GUEST to administrators only', () => {
    expect(isRepeatOffered('NORMAL', false)).toBe(true);
    expect(isRepeatOffered('GUEST', false)).toBe(false);
    expect(isRepeatOffered('GUEST', true)).toBe(true);
    expect(isRepeatOffered('LONG', true)).toBe(false);
    expect(isRepeatOffered('QUICK', false)).toBe(false);
  });

  it('keeps the weekdays in the week’s order, each once', () => {
    expect(toggledWeekdays('', 'TH', true)).toBe('TH');
    expect(toggledWeekdays('TH', 'TU', true)).toBe('TU,TH');
    expect(toggledWeekdays('TU,TH', 'TU', true)).toBe('TU,TH');
    expect(toggledWeekdays('TU,TH', 'TU', false)).toBe('TH');
    expect(weekdaysOf('SU,MO')).toEqual(['MO', 'SU']);
  });

  it('sends the pattern only when weekdays are chosen for a type that repeats', () => {
    const draft = { reservationType: 'NORMAL' as const, repeatWeekdays: 'TU', repeatUntil: '2026-12-08' };
    expect(repeatFieldsOf(draft, false)).toEqual({ repeatWeekdays: 'TU', repeatUntil: '2026-12-08' });
    expect(repeatFieldsOf({ ...draft, repeatWeekdays: '' }, false)).toBeNull();
    expect(repeatFieldsOf({ ...draft, reservationType: 'LONG' }, false)).toBeNull();
  });

  it('reads the answer as the days booked, requested and skipped', () => {
    expect(
      patternSummary({
        reservations: [{ date: '2026-12-01' }],
        drawRequests: [{ date: '2026-12-03' }],
        skippedDays: [{ date: '2026-12-08', code: 'TOO_MANY_RESERVATION' }],
      }),
    ).toEqual({
      booked: ['2026-12-01'],
      requested: ['2026-12-03'],
      skipped: [{ date: '2026-12-08', code: 'TOO_MANY_RESERVATION' }],
    });
  });
});
