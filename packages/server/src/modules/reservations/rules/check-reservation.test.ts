import { intervalsOverlap } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import {
  actorOf,
  admin,
  at,
  contextAt,
  described,
  openSlot,
  ownCar,
  quick,
  request,
  user,
} from '../../../../test/rule-fixtures.ts';
import { checkReservation, planReservation } from './check-reservation.ts';

// Monday 2026-05-04, 10:00 in Budapest unless a row says otherwise.
const monday = (actor = actorOf(user), options = {}) => contextAt('2026-05-04', '10:00:00', actor, options);

describe('a new reservation', () => {
  it('accepts a normal reservation for the next working day and plans its instants', () => {
    const plan = planReservation(request(), monday());
    expect(plan.violations).toEqual([]);
    expect(plan.intervals).toEqual([
      { date: '2026-05-05', start: new Date('2026-05-05T07:00:00Z'), end: new Date('2026-05-05T15:00:00Z') },
    ]);
  });

  it('plans back-to-back reservations that do not overlap', () => {
    const [first] = planReservation(
      request({ startTime: '08:00:00', endTime: '10:00:00' }),
      monday(),
    ).intervals;
    const [second] = planReservation(
      request({ startTime: '10:00:00', endTime: '12:00:00' }),
      monday(),
    ).intervals;
    expect(first && second && intervalsOverlap(first, second)).toBe(false);
  });
});

describe('who may reserve which type', () => {
  it.each([
    ['a user, a type of their flags', request(), actorOf(user), []],
    [
      'a user, a type their flags forbid',
      request({ type: 'QUICK' }),
      actorOf(user),
      ['422:PERMISSION_DENIED'],
    ],
    [
      'a quick user, NORMAL',
      request({ owner: quick, car: ownCar(quick) }),
      actorOf(quick),
      ['422:PERMISSION_DENIED'],
    ],
    ['a user, for another user', request({ owner: quick, car: ownCar(quick) }), actorOf(user), ['404']],
    ['an administrator, any type for another user', request({ type: 'QUICK' }), admin, []],
    [
      'an administrator, for an inactive user',
      request({ owner: { ...user, isActive: false } }),
      admin,
      ['422:USER_NOT_FOUND'],
    ],
    ['nobody chosen', request({ owner: null }), admin, ['user:MISSING_REQUIRED_ATTRIBUTE']],
  ] as const)('%s → %o', (_case, input, actor, expected) => {
    expect(described(checkReservation(input, monday(actor)))).toEqual(expected);
  });
});

describe('date bounds', () => {
  it.each([
    ['yesterday', 'NORMAL', '2026-05-03', actorOf(user), ['date:DATE_IN_THE_PAST']],
    ['today', 'NORMAL', '2026-05-04', actorOf(user), []],
    ['14 days ahead', 'NORMAL', '2026-05-18', actorOf(user), []],
    ['15 days ahead', 'NORMAL', '2026-05-19', actorOf(user), ['date:DATE_TOO_FAR_AHEAD']],
    ['GUEST 15 days ahead', 'GUEST', '2026-05-19', actorOf(user), ['date:DATE_TOO_FAR_AHEAD']],
    ['an administrator 30 days ahead', 'NORMAL', '2026-06-03', admin, []],
    ['a Saturday', 'NORMAL', '2026-05-09', actorOf(user), ['date:NOT_A_WORKING_DAY']],
    ['an administrator on a Saturday', 'NORMAL', '2026-05-09', admin, []],
    ['an administrator yesterday', 'NORMAL', '2026-05-03', admin, ['date:DATE_IN_THE_PAST']],
  ] as const)('%s (%s %s) → %o', (_case, type, date, actor, expected) => {
    const input = request({
      type,
      date,
      startTime: '10:30:00',
      guestName: 'Guest',
      guestEmail: 'g@x.example',
      guestLicensePlate: 'ABC123',
    });
    expect(described(checkReservation(input, monday(actor)))).toEqual(expected);
  });

  it.each([
    ['tomorrow', '2026-05-05', []],
    ['the day after tomorrow', '2026-05-06', ['date:DATE_TOO_FAR_AHEAD']],
  ])('lets a quick user reserve QUICK %s → %o', (_case, date, expected) => {
    const input = request({ type: 'QUICK', owner: quick, car: ownCar(quick), date });
    expect(described(checkReservation(input, monday(actorOf(quick))))).toEqual(expected);
  });

  it('takes the horizon from the configuration', () => {
    expect(
      described(checkReservation(request({ date: '2026-05-12' }), monday(actorOf(user), { horizonDays: 7 }))),
    ).toEqual(['date:DATE_TOO_FAR_AHEAD']);
  });

  it.each([
    ['Good Friday', '2026-04-03', [], ['date:NOT_A_WORKING_DAY']],
    ['Easter Monday', '2026-04-06', [], ['date:NOT_A_WORKING_DAY']],
    ['a Saturday worked by decree', '2026-04-04', [{ day: '2026-04-04', typeOfDay: 'WORK' }], []],
    [
      'a Thursday given off by decree',
      '2026-04-02',
      [{ day: '2026-04-02', typeOfDay: 'HOLIDAY' }],
      ['date:NOT_A_WORKING_DAY'],
    ],
  ] as const)('refuses or allows %s by the calendar', (_case, date, additionalDays, expected) => {
    const context = contextAt('2026-03-30', '10:00:00', actorOf(user), {
      additionalDays: [...additionalDays],
    });
    expect(described(checkReservation(request({ date }), context))).toEqual(expected);
  });
});

describe('the QUICK noon rule and today', () => {
  const quickToday = (startTime: string) =>
    request({
      type: 'QUICK',
      owner: quick,
      car: ownCar(quick),
      date: '2026-05-04',
      startTime,
      endTime: '16:00:00',
    });

  it.each([
    ['11:59:00', '11:59:00', ['startTime:BEFORE_NOON']],
    ['11:59:00', '12:00:00', []],
    ['12:00:00', '11:59:00', ['startTime:TIME_IN_THE_PAST']],
    ['12:00:00', '12:00:00', []],
    ['12:01:00', '12:00:00', ['startTime:TIME_IN_THE_PAST']],
    ['12:01:30', '12:01:00', []],
  ])('a quick user at %s starting %s → %o', (now, startTime, expected) => {
    const context = contextAt('2026-05-04', now, actorOf(quick));
    expect(described(checkReservation(quickToday(startTime), context))).toEqual(expected);
  });

  it('does not hold an administrator to noon', () => {
    const context = contextAt('2026-05-04', '11:00:00', admin);
    expect(described(checkReservation(quickToday('11:00:00'), context))).toEqual([]);
  });

  it('lets a quick user start tomorrow morning', () => {
    const input = request({ type: 'QUICK', owner: quick, car: ownCar(quick), startTime: '08:00:00' });
    expect(described(checkReservation(input, contextAt('2026-05-04', '11:00:00', actorOf(quick))))).toEqual(
      [],
    );
  });

  it.each([
    ['10:00:30', '10:00:00', []],
    ['10:00:30', '09:59:00', ['startTime:TIME_IN_THE_PAST']],
  ])('today at %s a NORMAL start of %s → %o', (now, startTime, expected) => {
    const input = request({ date: '2026-05-04', startTime });
    expect(described(checkReservation(input, contextAt('2026-05-04', now, actorOf(user))))).toEqual(expected);
  });
});

describe('duration', () => {
  it.each([
    ['end equal to start', '2026-05-05', '09:00:00', '09:00:00', ['endTime:END_NOT_AFTER_START']],
    ['end before start', '2026-05-05', '09:00:00', '08:00:00', ['endTime:END_NOT_AFTER_START']],
    ['29 minutes', '2026-05-05', '09:00:00', '09:29:00', ['endTime:SHORTER_THAN_MINIMUM']],
    ['30 minutes', '2026-05-05', '09:00:00', '09:30:00', []],
    [
      '80 wall minutes across the spring gap, 20 real',
      '2026-03-29',
      '01:50:00',
      '03:10:00',
      ['endTime:SHORTER_THAN_MINIMUM'],
    ],
    ['20 wall minutes into the autumn overlap, 80 real', '2026-10-25', '01:50:00', '02:10:00', []],
    [
      '25 wall minutes inside the autumn overlap, 25 real',
      '2026-10-25',
      '02:40:00',
      '03:05:00',
      ['endTime:SHORTER_THAN_MINIMUM'],
    ],
  ])('%s → %o', (_case, date, startTime, endTime, expected) => {
    const context = contextAt('2026-03-01', '10:00:00', admin);
    expect(described(checkReservation(request({ date, startTime, endTime }), context))).toEqual(expected);
  });
});

describe('LONG series', () => {
  const long = (date: string, endDate: string | null) => request({ type: 'LONG', date, endDate });

  it.each([
    [
      'a working week',
      '2026-05-04',
      '2026-05-10',
      ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08'],
    ],
    ['the Easter week', '2026-04-01', '2026-04-08', ['2026-04-01', '2026-04-02', '2026-04-07', '2026-04-08']],
    ['one day', '2026-05-05', '2026-05-05', ['2026-05-05']],
  ])('reserves one per working day of %s', (_case, date, endDate, days) => {
    const plan = planReservation(long(date, endDate), contextAt('2026-03-30', '10:00:00', actorOf(user)));
    expect(plan.violations).toEqual([]);
    expect(plan.intervals.map((interval) => interval.date)).toEqual(days);
  });

  it.each([
    ['no end date', long('2026-05-05', null), ['endDate:MISSING_REQUIRED_ATTRIBUTE']],
    ['an end date before the date', long('2026-05-05', '2026-05-04'), ['endDate:END_DATE_BEFORE_DATE']],
    ['only a weekend', long('2026-05-09', '2026-05-10'), ['endDate:NO_WORKING_DAY_IN_RANGE']],
    ['starting yesterday', long('2026-05-03', '2026-05-06'), ['date:DATE_IN_THE_PAST']],
  ])('refuses a series with %s, all or nothing', (_case, input, expected) => {
    const plan = planReservation(input, monday());
    expect(described(plan.violations)).toEqual(expected);
    expect(plan.intervals).toEqual([]);
  });

  it('refuses the whole series when one day is too short in real time', () => {
    const input = request({
      type: 'LONG',
      date: '2026-03-27',
      endDate: '2026-03-30',
      startTime: '01:50:00',
      endTime: '03:10:00',
    });
    const context = contextAt('2026-03-20', '10:00:00', actorOf(user), {
      additionalDays: [{ day: '2026-03-29', typeOfDay: 'WORK' }],
    });
    expect(described(planReservation(input, context).violations)).toEqual(['endTime:SHORTER_THAN_MINIMUM']);
  });

  it('runs a series past the 14-day horizon', () => {
    expect(described(checkReservation(long('2026-06-01', '2026-06-05'), monday()))).toEqual([]);
  });

  it('runs a series up to 366 days after its first day, a working day of each week in it', () => {
    const plan = planReservation(long('2026-05-05', '2027-05-06'), monday());
    expect(plan.violations).toEqual([]);
    expect(plan.intervals[0]?.date).toBe('2026-05-05');
    expect(plan.intervals.at(-1)?.date).toBe('2027-05-06');
  });

  // Today is Monday 2026-05-04; 366 days after it is 2027-05-05.
  it.each([
    ['367 days', long('2026-05-05', '2027-05-07'), actorOf(user), ['endDate:SERIES_TOO_LONG']],
    ['a century', long('2026-05-05', '2126-05-05'), actorOf(user), ['endDate:SERIES_TOO_LONG']],
    ['a century, for an administrator', long('2026-05-05', '2126-05-05'), admin, ['endDate:SERIES_TOO_LONG']],
    [
      'a start a century ago, ending next week',
      long('1926-05-04', '2026-05-08'),
      actorOf(user),
      ['date:DATE_IN_THE_PAST'],
    ],
    [
      'a start yesterday, ending 366 days after today',
      long('2026-05-03', '2027-05-05'),
      actorOf(user),
      ['date:DATE_IN_THE_PAST'],
    ],
    [
      'a start yesterday, ending 367 days after today',
      long('2026-05-03', '2027-05-06'),
      actorOf(user),
      ['date:DATE_IN_THE_PAST', 'endDate:SERIES_TOO_LONG'],
    ],
    [
      'a start a century ago, ending a century ahead',
      long('1926-05-04', '2126-05-04'),
      actorOf(user),
      ['date:DATE_IN_THE_PAST', 'endDate:SERIES_TOO_LONG'],
    ],
    [
      'a start and an end a century ago',
      long('1926-05-04', '1926-05-10'),
      actorOf(user),
      ['date:DATE_IN_THE_PAST'],
    ],
  ])('refuses a series of %s, all or nothing', (_case, input, actor, expected) => {
    const plan = planReservation(input, monday(actor));
    expect(described(plan.violations)).toEqual(expected);
    expect(plan.intervals).toEqual([]);
  });

  it('names the last end date allowed', () => {
    const [violation] = checkReservation(long('2026-05-05', '2126-05-05'), monday());
    expect(violation).toMatchObject({ item: { location: 'endDate', details: { max: '2027-05-06' } } });
    const [, fromToday] = checkReservation(long('1926-05-04', '2126-05-04'), monday());
    expect(fromToday).toMatchObject({ item: { location: 'endDate', details: { max: '2027-05-05' } } });
  });

  it.each([
    ['a century ahead', long('2026-05-05', '2126-05-05')],
    ['from a century ago', long('1926-05-04', '2026-05-08')],
    ['from a century ago to a century ahead', long('1926-05-04', '2126-05-04')],
  ])('checks the bounds of a series %s before it lists a single day', (_case, input) => {
    // Each listed day asks the calendar once: a refused span must cost a handful of lookups, not 36,500.
    const context = monday();
    let lookups = 0;
    const calendar = {
      isWorkingDay: (date: string) => {
        lookups += 1;
        return context.calendar.isWorkingDay(date);
      },
    };
    planReservation(input, { ...context, calendar });
    expect(lookups).toBeLessThanOrEqual(10);
  });
});

describe('quotas', () => {
  const guest = { guestName: 'Guest', guestEmail: 'g@x.example', guestLicensePlate: 'ABC123' };
  it.each([
    ['NORMAL at the limit', 'NORMAL', { normal: 4, guest: 0, longSeries: 0 }, []],
    ['NORMAL one over', 'NORMAL', { normal: 5, guest: 0, longSeries: 0 }, ['422:TOO_MANY_RESERVATION']],
    ['GUEST at the limit', 'GUEST', { normal: 9, guest: 4, longSeries: 9 }, []],
    ['GUEST one over', 'GUEST', { normal: 0, guest: 5, longSeries: 0 }, ['422:TOO_MANY_RESERVATION']],
    ['LONG at the limit', 'LONG', { normal: 9, guest: 9, longSeries: 1 }, []],
    ['LONG one over', 'LONG', { normal: 0, guest: 0, longSeries: 2 }, ['422:TOO_MANY_RESERVATION']],
  ] as const)('%s', (_case, type, upcoming, expected) => {
    const input = request({ type, endDate: '2026-05-08', ...guest });
    expect(described(checkReservation(input, monday(actorOf(user), { upcoming })))).toEqual(expected);
  });

  it('leaves QUICK unlimited', () => {
    const input = request({ type: 'QUICK', owner: quick, car: ownCar(quick) });
    const upcoming = { normal: 1000, guest: 1000, longSeries: 1000 };
    expect(described(checkReservation(input, monday(actorOf(quick), { upcoming })))).toEqual([]);
  });

  it('exempts administrators', () => {
    const upcoming = { normal: 50, guest: 50, longSeries: 50 };
    expect(described(checkReservation(request(), monday(admin, { upcoming })))).toEqual([]);
  });
});

describe('car, guest and slot', () => {
  it.each([
    ['NORMAL without a car', request({ car: null }), ['car:MISSING_REQUIRED_ATTRIBUTE']],
    [
      'QUICK without a car',
      request({ type: 'QUICK', owner: quick, car: null }),
      ['car:MISSING_REQUIRED_ATTRIBUTE'],
    ],
    [
      'LONG without a car',
      request({ type: 'LONG', endDate: '2026-05-06', car: null }),
      ['car:MISSING_REQUIRED_ATTRIBUTE'],
    ],
    ["another user's car", request({ car: ownCar(quick) }), ['422:CAR_NOT_FOUND']],
    [
      'an archived car',
      request({ car: { ownerId: user.id, isArchived: true } }),
      ['car:NOT_ACCEPTED_BY_RANGE'],
    ],
    [
      'GUEST without guest data',
      request({ type: 'GUEST', car: null, guestName: ' ' }),
      [
        'guestName:MISSING_REQUIRED_ATTRIBUTE',
        'guestEmail:MISSING_REQUIRED_ATTRIBUTE',
        'guestLicensePlate:MISSING_REQUIRED_ATTRIBUTE',
      ],
    ],
    [
      'GUEST with guest data and no car',
      request({
        type: 'GUEST',
        car: null,
        guestName: 'G',
        guestEmail: 'g@x.example',
        guestLicensePlate: 'AB12',
      }),
      [],
    ],
    ['no slot', request({ slot: null }), ['parkingSlot:MISSING_REQUIRED_ATTRIBUTE']],
  ])('a user with %s → %o', (_case, input, expected) => {
    const actor = input.owner?.id === quick.id ? actorOf(quick) : actorOf(user);
    expect(described(checkReservation(input, monday(actor)))).toEqual(expected);
  });

  // The slots a user's form does not offer.
  it.each([
    ['an inactive slot', { ...openSlot, isActive: false }],
    ['a slot of an inactive garage', { ...openSlot, garageIsActive: false }],
    ['a slot of a garage not accessed', { ...openSlot, garageIsAccessed: false }],
    ['an exclusive slot', { ...openSlot, isExclusive: true }],
  ])('a user with %s → parkingSlot:NOT_ACCEPTED_BY_RANGE', (_case, slot) => {
    expect(described(checkReservation(request({ slot }), monday(actorOf(user))))).toEqual([
      'parkingSlot:NOT_ACCEPTED_BY_RANGE',
    ]);
  });

  it.each([
    ['an exclusive slot', { ...openSlot, isExclusive: true }, []],
    ['a slot of a garage the user does not access', { ...openSlot, garageIsAccessed: false }, []],
    ['an inactive slot', { ...openSlot, isActive: false }, ['parkingSlot:NOT_ACCEPTED_BY_RANGE']],
  ])('an administrator with %s → %o', (_case, slot, expected) => {
    expect(described(checkReservation(request({ slot }), monday(admin)))).toEqual(expected);
  });

  it('reports every field at once', () => {
    const input = request({ date: '2026-05-03', endTime: '08:00:00', car: null, slot: null });
    expect(described(checkReservation(input, monday()))).toEqual([
      'date:DATE_IN_THE_PAST',
      'endTime:END_NOT_AFTER_START',
      'car:MISSING_REQUIRED_ATTRIBUTE',
      'parkingSlot:MISSING_REQUIRED_ATTRIBUTE',
    ]);
  });

  it('reads the clock it is given, not the machine', () => {
    expect(monday().now).toEqual(at('2026-05-04', '10:00:00'));
  });
});
