import { describe, expect, it } from 'vitest';
import { localizedValues } from './mail-dates.ts';

describe('mail dates', () => {
  const context = {
    date: '2026-12-02',
    reservation: {
      date: '2026-12-02',
      startTime: '09:00:00',
      slot: 'A-101',
      days: ['2026-12-02', '2026-12-03'],
    },
    checkIn: { url: 'https://parkhere.example/c/2026-12-02' },
  };

  it('writes days with their weekday and times in 24 hours, in Hungarian', () => {
    const mail = localizedValues(context, 'hu-HU');
    expect(mail.date).toBe('2026. 12. 02. (szerda)');
    expect(mail.reservation.startTime).toBe('09:00');
    expect(mail.reservation.days).toEqual(['2026. 12. 02. (szerda)', '2026. 12. 03. (csütörtök)']);
    expect(mail.reservation.slot).toBe('A-101');
    expect(mail.checkIn.url).toBe(context.checkIn.url);
  });

  it('and in English', () => {
    const mail = localizedValues(context, 'en-US');
    expect(mail.reservation.date).toBe('Wed, 2 Dec 2026');
    expect(mail.reservation.startTime).toBe('09:00');
  });
});
