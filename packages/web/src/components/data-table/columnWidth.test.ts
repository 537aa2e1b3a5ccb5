import { describe, expect, it } from 'vitest';
import { columnMinWidth } from './columnWidth.ts';

describe('column width', () => {
  it('fits the whole header', () => {
    expect(columnMinWidth('time', 'startOfWorkingTime', 'Start of working time')).toBeGreaterThanOrEqual(
      'Start of working time'.length * 8 + 48,
    );
  });

  it('fits a whole address', () => {
    expect(columnMinWidth('string', 'email', 'Email')).toBeGreaterThanOrEqual(240);
  });

  it('keeps the kind minimum for short headers', () => {
    expect(columnMinWidth('boolean', 'isActive', 'On')).toBe(90);
    expect(columnMinWidth('relation', 'parkingGarage', 'Garage')).toBe(140);
  });
});
