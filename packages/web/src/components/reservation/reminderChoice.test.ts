import { describe, expect, it } from 'vitest';
import { REMINDER_MINUTES, reminderChoices, reminderWireValue } from './reminderChoice.ts';

describe('the reminder as minutes before the start', () => {
  it('sends the minutes as the time-typed duration the wire carries', () => {
    expect(REMINDER_MINUTES.map(reminderWireValue)).toEqual([
      '00:00:00',
      '00:05:00',
      '00:10:00',
      '00:15:00',
      '00:30:00',
      '01:00:00',
    ]);
  });

  it('keeps a value it does not offer among the choices', () => {
    expect(reminderChoices('00:15:00')).toEqual([0, 5, 10, 15, 30, 60]);
    expect(reminderChoices('00:45:00')).toEqual([0, 5, 10, 15, 30, 45, 60]);
    expect(reminderChoices(null)).toEqual([0, 5, 10, 15, 30, 60]);
  });
});
