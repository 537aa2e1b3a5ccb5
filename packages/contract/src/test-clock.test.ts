import { describe, expect, it } from 'vitest';
import { parseIsoInstant, parseTestClock } from './test-clock.ts';

describe('the test clock', () => {
  it.each([
    ['2026-12-01T08:00Z', '2026-12-01T08:00:00.000Z'],
    ['2026-12-01T09:00+01:00', '2026-12-01T08:00:00.000Z'],
    ['2026-12-01T09:00:30+01:00', '2026-12-01T08:00:30.000Z'],
    ['2026-12-01T08:00:00.250Z', '2026-12-01T08:00:00.250Z'],
  ])('reads %s, seconds or not', (text, instant) => {
    expect(parseIsoInstant(text)?.toISOString()).toBe(instant);
  });

  it.each([
    'tomorrow',
    '2026-12-01',
    '2026-12-01T08:00',
    '2026-12-01 08:00Z',
    '2026-12-01T8:00Z',
    '2026-12-01T24:00Z',
    '2026-02-30T08:00Z',
    '2026-12-01T08:00+0100',
  ])('refuses %s', (text) => {
    expect(parseIsoInstant(text)).toBeUndefined();
  });

  it('reads the real instant after an @, and refuses anything more', () => {
    expect(parseTestClock('2026-12-01T08:00Z@2026-11-30T10:00:05.5Z')).toEqual({
      start: new Date('2026-12-01T08:00:00Z'),
      since: new Date('2026-11-30T10:00:05.500Z'),
    });
    expect(parseTestClock('2026-12-01T08:00Z')).toEqual({
      start: new Date('2026-12-01T08:00:00Z'),
      since: undefined,
    });
    for (const text of [
      '2026-12-01T08:00Z@x',
      'a@b@c',
      '2026-12-01T08:00Z@2026-11-30T10:00Z@2026-11-30T10:00Z',
    ]) {
      expect(parseTestClock(text)).toBeUndefined();
    }
  });
});
