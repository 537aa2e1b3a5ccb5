import { describe, expect, it } from 'vitest';
import { markerPercent } from './timelineMarker.ts';

describe('current-time marker on the timeline', () => {
  it.each([
    ['09:00:00', '17:00:00', '09:00:00', 0],
    ['09:00:00', '17:00:00', '13:00:00', 50],
    ['09:00:00', '17:00:00', '17:00:00', 100],
    ['09:00:00', '10:00:00', '09:20:00', 33.3],
    ['09:00:00', '17:00:00', '08:59:00', 0],
    ['09:00:00', '17:00:00', '18:00:00', 100],
  ])('%s–%s at %s sits at %s %%', (start, end, now, percent) => {
    expect(markerPercent(start, end, now)).toBe(percent);
  });

  it('has no position on an empty interval', () => {
    expect(markerPercent('10:00:00', '10:00:00', '10:00:00')).toBeNull();
  });
});
