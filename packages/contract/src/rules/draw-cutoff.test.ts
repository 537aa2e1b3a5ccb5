import { describe, expect, it } from 'vitest';
import { workingCalendar } from '../calendar/working-days.ts';
import { drawCutoff, isInDraw } from './draw-cutoff.ts';

const budapest = 'Europe/Budapest';
const calendar = workingCalendar();
const twoDaysAt14 = { drawCutoffTime: '14:00:00', drawCutoffWorkingDaysBefore: 2 };
const drawing = { drawEnabled: true, ...twoDaysAt14 };

describe('drawCutoff', () => {
  it('is the time on the working day that many working days before', () => {
    // Wednesday 2026-06-10: Monday at 14:00 summer time.
    expect(drawCutoff('2026-06-10', twoDaysAt14, calendar, budapest).toISOString()).toBe(
      '2026-06-08T12:00:00.000Z',
    );
  });

  it('skips the weekend and public holidays', () => {
    // Monday 2026-06-08: the Thursday before.
    expect(drawCutoff('2026-06-08', twoDaysAt14, calendar, budapest).toISOString()).toBe(
      '2026-06-04T12:00:00.000Z',
    );
    // Tuesday 2026-10-27: Monday 26th, then Friday 23rd is a national holiday, so Thursday 22nd.
    expect(drawCutoff('2026-10-27', twoDaysAt14, calendar, budapest).toISOString()).toBe(
      '2026-10-22T12:00:00.000Z',
    );
  });

  it('counts the configured additional days as the rest of the app does', () => {
    const withWorkingSaturday = workingCalendar([{ day: '2026-06-06', typeOfDay: 'WORK' }]);
    expect(drawCutoff('2026-06-08', twoDaysAt14, withWorkingSaturday, budapest).toISOString()).toBe(
      '2026-06-05T12:00:00.000Z',
    );
  });

  it('is on the day itself with no working days before, in the zone of the day (winter time)', () => {
    const sameDay = { drawCutoffTime: '07:30:00', drawCutoffWorkingDaysBefore: 0 };
    expect(drawCutoff('2026-12-01', sameDay, calendar, budapest).toISOString()).toBe(
      '2026-12-01T06:30:00.000Z',
    );
  });
});

describe('isInDraw', () => {
  const cutoff = new Date('2026-06-08T12:00:00.000Z');
  const before = new Date(cutoff.getTime() - 1);

  it('holds until the cut-off and not from it on', () => {
    expect(isInDraw(before, '2026-06-10', drawing, calendar, budapest)).toBe(true);
    expect(isInDraw(cutoff, '2026-06-10', drawing, calendar, budapest)).toBe(false);
  });

  it('never holds where the garage does not draw', () => {
    expect(isInDraw(before, '2026-06-10', { ...drawing, drawEnabled: false }, calendar, budapest)).toBe(
      false,
    );
  });
});
