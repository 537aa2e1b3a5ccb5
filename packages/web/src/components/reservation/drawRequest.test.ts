import { workingCalendar } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { isDrawDay } from './drawRequest.ts';

// Monday 2026-12-07 08:00 in Budapest: Wednesday the 9th is in a 14:00, two-working-days draw, Tuesday not.
const context = {
  isAdmin: false,
  now: { date: '2026-12-07', time: '08:00:00' },
  calendar: workingCalendar(),
};
const drawing = {
  __signedIdentifier: 'slot',
  drawEnabled: true,
  drawCutoffTime: '14:00:00',
  drawCutoffWorkingDaysBefore: 2,
};
const draft = { date: '2026-12-09', reservationType: 'NORMAL' as const, parkingSlot: drawing };

describe('isDrawDay', () => {
  it('holds for the user’s own booking of a day before its cut-off in a drawing garage', () => {
    expect(isDrawDay(draft, context)).toBe(true);
    expect(isDrawDay({ ...draft, reservationType: 'LONG' }, context)).toBe(true);
  });

  it('does not hold once the cut-off passed, nor where the garage does not draw', () => {
    expect(isDrawDay({ ...draft, date: '2026-12-08' }, context)).toBe(false);
    expect(isDrawDay(draft, { ...context, now: { date: '2026-12-07', time: '14:00:00' } })).toBe(false);
    expect(isDrawDay({ ...draft, parkingSlot: { ...drawing, drawEnabled: false } }, context)).toBe(false);
    expect(isDrawDay({ ...draft, parkingSlot: null }, context)).toBe(false);
  });

  it('never holds for a guest or an administrator: they book directly', () => {
    expect(isDrawDay({ ...draft, reservationType: 'GUEST' }, context)).toBe(false);
    expect(isDrawDay(draft, { ...context, isAdmin: true })).toBe(false);
  });
});
