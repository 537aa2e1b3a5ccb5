import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatDay, formatDayWithWeekday, formatTime } from './date-format.ts';

describe('date format', () => {
  it('writes a wall-clock day the Hungarian way and the English way', () => {
    expect(formatDay('2026-11-23', 'hu-HU')).toBe('2026. 11. 23.');
    expect(formatDay('2026-11-23', 'en-US')).toBe('23 Nov 2026');
  });

  it('names the weekday on cards', () => {
    expect(formatDayWithWeekday('2026-11-23', 'hu-HU')).toBe('2026. 11. 23. (hétfő)');
    expect(formatDayWithWeekday('2026-11-23', 'en-US')).toBe('Mon, 23 Nov 2026');
    expect(formatDayWithWeekday('2026-03-01', 'hu-HU')).toBe('2026. 03. 01. (vasárnap)');
  });

  it('reads a picker Date on its local calendar', () => {
    expect(formatDay(new Date(2026, 0, 5), 'hu-HU')).toBe('2026. 01. 05.');
    expect(formatDay(new Date(Number.NaN), 'en-US')).toBe('');
    expect(formatDay(null, 'en-US')).toBe('');
  });

  it('writes times in 24 hours without seconds', () => {
    expect(formatTime('09:00:00')).toBe('09:00');
    expect(formatTime('21:30')).toBe('21:30');
    expect(formatTime(null)).toBe('');
  });

  it('reads an instant on the configured zone, not the device', () => {
    const instant = new Date('2026-11-23T20:05:09Z');
    expect(formatClock(instant, 'Europe/Budapest')).toBe('21:05:09');
    expect(formatClock(instant, 'America/New_York')).toBe('15:05:09');
    expect(formatDateTime(new Date('2026-11-23T23:30:00Z'), 'hu-HU', 'Europe/Budapest')).toBe(
      '2026. 11. 24. 00:30',
    );
    expect(formatDateTime(instant, 'en-US', 'Europe/Budapest')).toBe('23 Nov 2026 21:05');
  });
});
