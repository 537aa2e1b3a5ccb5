import { describe, expect, it } from 'vitest';
import { actorOf, admin, described, quick, user } from '../../../test/rule-fixtures.ts';
import { checkHoliday, checkHolidayChange, holidaysOverlap } from './holiday-rules.ts';

const today = '2026-05-04';
const other = { startDate: '2026-06-10', endDate: '2026-06-12' };

describe('a new holiday', () => {
  it.each([
    ['today only', '2026-05-04', '2026-05-04', []],
    ['starting yesterday', '2026-05-03', '2026-05-05', ['startDate:DATE_IN_THE_PAST']],
    ['ending before it starts', '2026-05-06', '2026-05-05', ['endDate:END_DATE_BEFORE_DATE']],
    ['ending the day another starts', '2026-06-08', '2026-06-10', ['startDate:OVERLAPPING_HOLIDAY']],
    ['inside another', '2026-06-11', '2026-06-11', ['startDate:OVERLAPPING_HOLIDAY']],
    ['starting the day after another ends', '2026-06-13', '2026-06-20', []],
    ['ending the day before another starts', '2026-06-01', '2026-06-09', []],
  ])('%s (%s – %s) → %o', (_case, startDate, endDate, expected) => {
    const holiday = { ownerId: user.id, startDate, endDate };
    expect(described(checkHoliday(holiday, { actor: actorOf(user), today, otherHolidays: [other] }))).toEqual(
      expected,
    );
  });

  it('lets an administrator enter a holiday for another user, and nobody else', () => {
    const holiday = { ownerId: user.id, startDate: '2026-05-10', endDate: '2026-05-12' };
    expect(described(checkHoliday(holiday, { actor: admin, today, otherHolidays: [] }))).toEqual([]);
    expect(described(checkHoliday(holiday, { actor: actorOf(quick), today, otherHolidays: [] }))).toEqual([
      '404',
    ]);
  });

  it('counts a shared day as an overlap', () => {
    expect(holidaysOverlap(other, { startDate: '2026-06-12', endDate: '2026-06-12' })).toBe(true);
    expect(holidaysOverlap(other, { startDate: '2026-06-13', endDate: '2026-06-13' })).toBe(false);
  });
});

describe('new dates for a holiday', () => {
  const underWay = { ownerId: user.id, startDate: '2026-05-01', endDate: '2026-05-08' };
  it.each([
    ['keeping its past start, ending earlier', '2026-05-01', '2026-05-06', []],
    ['moving its start into the past', '2026-04-30', '2026-05-06', ['startDate:DATE_IN_THE_PAST']],
    ['ending yesterday', '2026-05-01', '2026-05-03', ['endDate:DATE_IN_THE_PAST']],
    ['reaching into another', '2026-05-01', '2026-06-10', ['startDate:OVERLAPPING_HOLIDAY']],
    ['ending before it starts', '2026-05-01', '2026-04-20', ['endDate:END_DATE_BEFORE_DATE']],
  ])('%s (%s – %s) → %o', (_case, startDate, endDate, expected) => {
    const context = { actor: actorOf(user), today, otherHolidays: [other] };
    expect(described(checkHolidayChange(underWay, { startDate, endDate }, context))).toEqual(expected);
  });

  it('refuses another user’s holiday and one that has ended', () => {
    const change = { startDate: '2026-05-10', endDate: '2026-05-12' };
    expect(
      described(checkHolidayChange(underWay, change, { actor: actorOf(quick), today, otherHolidays: [] })),
    ).toEqual(['404']);
    const ended = { ...underWay, endDate: '2026-05-02' };
    expect(
      described(checkHolidayChange(ended, change, { actor: actorOf(user), today, otherHolidays: [] })),
    ).toEqual(['422:NOT_VALID_DATA']);
  });
});

// Deleting a holiday, TypeScript and SQL alike, is in rule-forms.int.test.ts.
