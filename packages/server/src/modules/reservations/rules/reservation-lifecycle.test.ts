import { describe, expect, it } from 'vitest';
import {
  actorOf,
  admin,
  at,
  contextAt,
  described,
  quick,
  storedReservation as stored,
  user,
} from '../../../../test/rule-fixtures.ts';
import {
  cancelWindow,
  checkCancellation,
  checkDeletion,
  checkModification,
} from './reservation-lifecycle.ts';

// The derived flags and the effective status, TypeScript and SQL alike, are in rule-forms.int.test.ts.

describe('delete, cancel and modify', () => {
  const before = at('2026-05-05', '08:00:00');
  const during = at('2026-05-05', '10:00:00');

  it.each([
    ['the owner, a future reservation', actorOf(user), before, []],
    ['an administrator, a future reservation', admin, before, []],
    ['another user', actorOf(quick), before, ['404']],
    ['the owner, a reservation in progress', actorOf(user), during, ['422:NOT_VALID_DATA']],
  ])('deletion by %s → %o', (_case, actor, now, expected) => {
    expect(described(checkDeletion(stored(), actor, now))).toEqual(expected);
  });

  it('refuses to delete a deleted reservation', () => {
    expect(described(checkDeletion(stored({ status: 'DELETED' }), actorOf(user), before))).toEqual([
      '422:NOT_VALID_DATA',
    ]);
  });

  it.each([
    ['the owner, in progress', actorOf(user), during, []],
    ['an administrator, in progress', admin, during, []],
    ['another user', actorOf(quick), during, ['404']],
    ['the owner, not started yet', actorOf(user), before, ['422:NOT_VALID_DATA']],
    ['the owner, after its end', actorOf(user), at('2026-05-05', '17:00:00'), ['422:NOT_VALID_DATA']],
  ])('cancellation by %s → %o', (_case, actor, now, expected) => {
    expect(described(checkCancellation(stored(), actor, now))).toEqual(expected);
  });

  it('cuts a cancelled reservation at now, freeing the slot from then on', () => {
    expect(cancelWindow(stored(), during)).toEqual({ start: at('2026-05-05', '09:00:00'), end: during });
    expect(cancelWindow(stored(), before)).toBeNull();
  });

  it.each([
    ['new times for a future reservation', '2026-05-05', '08:00:00', '10:00:00', '12:00:00', []],
    ['a start before now', '2026-05-05', '08:00:00', '07:30:00', '12:00:00', ['startTime:TIME_IN_THE_PAST']],
    [
      'an interval of 20 minutes',
      '2026-05-05',
      '08:00:00',
      '10:00:00',
      '10:20:00',
      ['endTime:SHORTER_THAN_MINIMUM'],
    ],
    ['a reservation in progress', '2026-05-05', '10:00:00', '11:00:00', '12:00:00', ['422:NOT_VALID_DATA']],
  ])('modification: %s → %o', (_case, date, now, startTime, endTime, expected) => {
    const context = contextAt(date, now, actorOf(user));
    expect(described(checkModification(stored(), { startTime, endTime }, context))).toEqual(expected);
  });

  it('holds a modified QUICK reservation of today to the noon rule', () => {
    const quickToday = stored({
      ownerId: quick.id,
      type: 'QUICK',
      start: at('2026-05-05', '12:30:00'),
      end: at('2026-05-05', '14:00:00'),
    });
    const context = contextAt('2026-05-05', '11:00:00', actorOf(quick));
    expect(
      described(checkModification(quickToday, { startTime: '11:30:00', endTime: '14:00:00' }, context)),
    ).toEqual(['startTime:BEFORE_NOON']);
    expect(
      described(checkModification(quickToday, { startTime: '12:00:00', endTime: '14:00:00' }, context)),
    ).toEqual([]);
  });

  it('lets only the owner or an administrator modify', () => {
    const context = contextAt('2026-05-05', '08:00:00', actorOf(quick));
    expect(
      described(checkModification(stored(), { startTime: '10:00:00', endTime: '12:00:00' }, context)),
    ).toEqual(['404']);
  });
});
