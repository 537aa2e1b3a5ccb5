import { describe, expect, it } from 'vitest';
import { easterSunday, hungarianPublicHolidays } from './hungarian-holidays.ts';
import { addDays, datesBetween, dayNumberOf, isoDayOfWeek } from './local-date.ts';
import {
  changesTheDay,
  firstWorkingDayFrom,
  formatDayOverrides,
  isWorkingDay,
  nextWorkingDay,
  parseDayOverrides,
  workingCalendar,
  workingDaysBetween,
} from './working-days.ts';

describe('Easter Sunday', () => {
  it.each([
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('falls in %i on %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
    expect(isoDayOfWeek(date)).toBe(7);
  });
});

describe('Hungarian public holidays', () => {
  it.each([
    [2025, 'GOOD_FRIDAY', '2025-04-18'],
    [2025, 'EASTER_MONDAY', '2025-04-21'],
    [2025, 'WHIT_MONDAY', '2025-06-09'],
    [2026, 'GOOD_FRIDAY', '2026-04-03'],
    [2026, 'EASTER_MONDAY', '2026-04-06'],
    [2026, 'WHIT_MONDAY', '2026-05-25'],
    [2027, 'GOOD_FRIDAY', '2027-03-26'],
    [2027, 'EASTER_MONDAY', '2027-03-29'],
    [2027, 'WHIT_MONDAY', '2027-05-17'],
    [2026, 'NEW_YEAR', '2026-01-01'],
    [2026, 'NATIONAL_DAY_MARCH', '2026-03-15'],
    [2026, 'LABOUR_DAY', '2026-05-01'],
    [2026, 'STATE_FOUNDATION_DAY', '2026-08-20'],
    [2026, 'NATIONAL_DAY_OCTOBER', '2026-10-23'],
    [2026, 'ALL_SAINTS_DAY', '2026-11-01'],
    [2026, 'CHRISTMAS_EVE', '2026-12-24'],
    [2026, 'CHRISTMAS_DAY', '2026-12-25'],
    [2026, 'SECOND_DAY_OF_CHRISTMAS', '2026-12-26'],
  ] as const)('in %i puts %s on %s', (year, name, date) => {
    expect(hungarianPublicHolidays(year)).toContainEqual({ name, date });
  });

  it('lists Christmas Eve from 2025 on only', () => {
    expect(hungarianPublicHolidays(2024).map((holiday) => holiday.name)).not.toContain('CHRISTMAS_EVE');
    expect(hungarianPublicHolidays(2024)).toHaveLength(11);
    expect(hungarianPublicHolidays(2025)).toHaveLength(12);
  });

  it('keeps the list in date order', () => {
    const dates = hungarianPublicHolidays(2027).map((holiday) => holiday.date);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('days of any year', () => {
  // A year typed digit by digit is 0002, then 0020, then 0202: Date.UTC would read the first two as 1902 and 1920.
  it('counts the days of a year before 100 in that year, not in the 1900s', () => {
    expect(dayNumberOf('1902-11-27') - dayNumberOf('0002-11-27')).toBe(693_960);
    expect(addDays('0002-12-31', 1)).toBe('0003-01-01');
    expect(addDays('0020-02-28', 1)).toBe('0020-02-29');
    expect(isoDayOfWeek('0001-01-01')).toBe(1);
  });
});

describe('working days', () => {
  it.each([
    ['2026-04-02', true, 'a Thursday'],
    ['2026-04-03', false, 'Good Friday'],
    ['2026-04-04', false, 'a Saturday'],
    ['2026-04-05', false, 'Easter Sunday'],
    ['2026-04-06', false, 'Easter Monday'],
    ['2026-04-07', true, 'the Tuesday after Easter'],
    ['2026-05-25', false, 'Whit Monday'],
    ['2026-10-23', false, 'a national day on a Friday'],
    ['2024-12-24', true, 'Christmas Eve of 2024, before it became a holiday'],
    ['2025-12-24', false, 'Christmas Eve of 2025'],
    ['2027-03-29', false, 'Easter Monday 2027'],
  ])('%s is a working day: %s (%s)', (date, expected) => {
    expect(isWorkingDay(date)).toBe(expected);
  });

  it.each([
    ['2025-05-02', 'HOLIDAY', false, 'a bridging Friday off'],
    ['2025-05-17', 'WORK', true, 'the Saturday worked in exchange'],
    ['2026-04-06', 'WORK', true, 'even a public holiday when the configuration says so'],
    ['2026-04-07', 'HOLIDAY', false, 'an ordinary Tuesday off'],
  ] as const)('lets the additional day %s (%s) decide: %s (%s)', (day, typeOfDay, expected, _why) => {
    expect(isWorkingDay(day, [{ day, typeOfDay }])).toBe(expected);
    expect(isWorkingDay(addDays(day, 7), [{ day, typeOfDay }])).toBe(isWorkingDay(addDays(day, 7)));
  });

  it('lists the working days of an Easter week', () => {
    expect(workingDaysBetween('2026-04-01', '2026-04-08', workingCalendar())).toEqual([
      '2026-04-01',
      '2026-04-02',
      '2026-04-07',
      '2026-04-08',
    ]);
  });

  it('includes both ends and is empty when they are reversed', () => {
    expect(workingDaysBetween('2026-04-07', '2026-04-07', workingCalendar())).toEqual(['2026-04-07']);
    expect(workingDaysBetween('2026-04-08', '2026-04-07', workingCalendar())).toEqual([]);
    expect(datesBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('finds the next working day across Christmas and a weekend', () => {
    expect(nextWorkingDay('2025-12-23', workingCalendar())).toBe('2025-12-29');
    expect(nextWorkingDay('2026-04-02', workingCalendar())).toBe('2026-04-07');
    expect(nextWorkingDay('2025-05-16', workingCalendar([{ day: '2025-05-17', typeOfDay: 'WORK' }]))).toBe(
      '2025-05-17',
    );
    expect(firstWorkingDayFrom('2026-04-07', workingCalendar())).toBe('2026-04-07');
  });

  it('gives up rather than loop when no working day comes within a year', () => {
    expect(nextWorkingDay('2026-01-01', { isWorkingDay: () => false })).toBeNull();
  });

  it('refuses a date that does not exist', () => {
    expect(() => isWorkingDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('additional days', () => {
  it.each([
    ['2026-01-10', 'WORK', true, 'a bridging Saturday worked'],
    ['2026-10-23', 'WORK', true, 'a public holiday worked'],
    ['2026-01-02', 'HOLIDAY', true, 'a Friday off'],
    ['2026-01-07', 'WORK', false, 'a Wednesday is a working day already'],
    ['2026-01-10', 'HOLIDAY', false, 'a Saturday is a day off already'],
    ['2026-12-25', 'HOLIDAY', false, 'Christmas is a day off already'],
  ] as const)('%s %s changes the day: %s (%s)', (day, typeOfDay, changes, _why) => {
    expect(changesTheDay({ day, typeOfDay })).toBe(changes);
  });
});

describe('additional days as the form template carries them', () => {
  it('reads back what it wrote, so the picker follows the same days as the server', () => {
    const days = [
      { day: '2026-01-02', typeOfDay: 'HOLIDAY' as const },
      { day: '2026-01-10', typeOfDay: 'WORK' as const },
    ];
    const text = formatDayOverrides(days);
    expect(text).toBe('2026-01-02 HOLIDAY,2026-01-10 WORK');
    expect(parseDayOverrides(text)).toEqual(days);
    expect(workingCalendar(parseDayOverrides(text)).isWorkingDay('2026-01-02')).toBe(false);
    expect(workingCalendar(parseDayOverrides(text)).isWorkingDay('2026-01-10')).toBe(true);
  });

  it('leaves out what it cannot read and reads nothing from nothing', () => {
    expect(parseDayOverrides(null)).toEqual([]);
    expect(parseDayOverrides('')).toEqual([]);
    expect(parseDayOverrides('2026-01-02 MAYBE,garbage,2026-01-10 WORK')).toEqual([
      { day: '2026-01-10', typeOfDay: 'WORK' },
    ]);
  });
});
