import { describe, expect, it } from 'vitest';
import type { Row } from '../../api/model.ts';
import {
  byDateAscending,
  dateMinimums,
  editMinimums,
  type HolidayFormState,
  isHolidayDeletable,
  missingHolidayFields,
  reservationsOf,
  showsConflicts,
} from './holidayForm.ts';

const user: Row = { __signedIdentifier: 'u' };
const full: HolidayFormState = { user, startDate: '2026-12-01', endDate: '2026-12-03' };

describe('the conflict table of the holiday form', () => {
  it.each<[string, HolidayFormState, boolean]>([
    ['user, start and end set', full, true],
    ['no user', { ...full, user: null }, false],
    ['no start date', { ...full, startDate: '' }, false],
    ['no end date', { ...full, endDate: '' }, false],
    ['nothing set', { user: null, startDate: '', endDate: '' }, false],
  ])('is shown when %s: %s', (_name, state, shown) => {
    expect(showsConflicts(state)).toBe(shown);
  });

  it('lists the reservations by date ascending, then by start time', () => {
    const rows: Row[] = [
      { date: '2026-12-03', startTime: '09:00:00' },
      { date: '2026-12-01', startTime: '13:00:00' },
      { date: '2026-12-01', startTime: '08:00:00' },
    ];
    expect(byDateAscending(rows).map((row) => `${row.date} ${row.startTime}`)).toEqual([
      '2026-12-01 08:00:00',
      '2026-12-01 13:00:00',
      '2026-12-03 09:00:00',
    ]);
  });

  it('reads the reservations from a result object or a bare list', () => {
    expect(reservationsOf({ reservations: [{ date: 'a' }] })).toEqual([{ date: 'a' }]);
    expect(reservationsOf([{ date: 'b' }])).toEqual([{ date: 'b' }]);
    expect(reservationsOf(undefined)).toEqual([]);
  });
});

describe('saving a holiday', () => {
  it('asks for each missing field on its own', () => {
    expect(missingHolidayFields(full)).toEqual([]);
    expect(missingHolidayFields({ user: null, startDate: '', endDate: '2026-12-03' })).toEqual([
      'user',
      'startDate',
    ]);
  });
});

describe('the holiday dates', () => {
  it('start no earlier than today', () => {
    expect(dateMinimums('2026-11-22', { user, startDate: '', endDate: '' })).toEqual({
      startDate: '2026-11-22',
      endDate: '2026-11-22',
    });
  });

  it('end no earlier than the chosen start', () => {
    expect(dateMinimums('2026-11-22', full).endDate).toBe('2026-12-01');
  });
});

describe('editMinimums', () => {
  it('lets a holiday under way keep its past start, and ends it today at the earliest', () => {
    expect(editMinimums('2026-05-04', { startDate: '2026-05-01' }, '2026-05-01')).toEqual({
      startDate: '2026-05-01',
      endDate: '2026-05-04',
    });
  });
  it('holds a future holiday to today, and its end to its start', () => {
    expect(editMinimums('2026-05-04', { startDate: '2026-05-10' }, '2026-05-12')).toEqual({
      startDate: '2026-05-04',
      endDate: '2026-05-12',
    });
  });
});

describe('isHolidayDeletable', () => {
  it('offers a holiday delete unless it is not deletable', () => {
    expect(isHolidayDeletable({ isNotDeletable: false })).toBe(true);
    expect(isHolidayDeletable({})).toBe(true);
    expect(isHolidayDeletable({ isNotDeletable: true })).toBe(false);
  });
});
