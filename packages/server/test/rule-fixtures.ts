import { type DayOverride, DEFAULT_TIME_ZONE, instantOf, workingCalendar } from '@parkhere/contract';
import type { CheckInSettings, CheckInSubject } from '../src/modules/reservations/rules/check-in-window.ts';
import type {
  CarFacts,
  RequestFacts,
  ReservationOwner,
  RuleActor,
  RuleContext,
  SlotFacts,
  StoredReservation,
  UpcomingCounts,
} from '../src/modules/reservations/rules/facts.ts';
import type { Violation } from '../src/platform/violation.ts';

/** Test data for the rule tables: a Budapest clock and the demo users' flags. */
export const zone = DEFAULT_TIME_ZONE;

export const at = (date: string, time: string): Date => instantOf(date, time, zone);

export const user: ReservationOwner = {
  id: 'user',
  isActive: true,
  isNormalReservation: true,
  isQuickReservation: false,
  isGuestReservation: true,
  isLongReservation: true,
  maxNormalReservation: 5,
  maxGuestReservation: 5,
  maxLongReservation: 2,
};

export const quick: ReservationOwner = {
  ...user,
  id: 'quick',
  isNormalReservation: false,
  isQuickReservation: true,
  isGuestReservation: false,
  isLongReservation: false,
};

export const actorOf = (owner: { id: string }): RuleActor => ({ userId: owner.id, isAdministrator: false });
export const admin: RuleActor = { userId: 'admin', isAdministrator: true };

/** A NORMAL reservation of `user` on Tuesday 2026-05-05, 09:00–17:00 in Budapest. */
export const storedReservation = (overrides: Partial<StoredReservation> = {}): StoredReservation => ({
  ownerId: user.id,
  type: 'NORMAL',
  status: 'ACTIVE',
  date: '2026-05-05',
  start: at('2026-05-05', '09:00:00'),
  end: at('2026-05-05', '17:00:00'),
  ...overrides,
});

export const ownCar = (owner: { id: string }): CarFacts => ({ ownerId: owner.id, isArchived: false });

export const openSlot: SlotFacts = {
  isActive: true,
  isExclusive: false,
  garageIsActive: true,
  garageIsAccessed: true,
};

export const noneHeld: UpcomingCounts = { normal: 0, guest: 0, longSeries: 0 };

export const request = (overrides: Partial<RequestFacts> = {}): RequestFacts => ({
  type: 'NORMAL',
  date: '2026-05-05',
  startTime: '09:00:00',
  endTime: '17:00:00',
  owner: user,
  car: ownCar(user),
  slot: openSlot,
  ...overrides,
});

export const contextAt = (
  date: string,
  time: string,
  actor: RuleActor,
  options: { additionalDays?: DayOverride[]; horizonDays?: number; upcoming?: UpcomingCounts } = {},
): RuleContext & { upcoming: UpcomingCounts } => ({
  actor,
  now: at(date, time),
  timeZone: zone,
  calendar: workingCalendar(options.additionalDays ?? []),
  horizonDays: options.horizonDays,
  upcoming: options.upcoming ?? noneHeld,
});

/** A violation as a short string, so a table row reads `date:DATE_IN_THE_PAST` or `422:TOO_MANY_RESERVATION`. */
export const describeViolation = (violation: Violation): string => {
  switch (violation.kind) {
    case 'invalid':
      return `${violation.item.location}:${violation.item.code}`;
    case 'business':
      return `422:${violation.code}`;
    case 'foreign':
      return '404';
  }
};

export const described = (violations: readonly Violation[]): string[] => violations.map(describeViolation);

/** The check-in cases' garage: a window from 15 minutes before the start to 30 after it. */
export const checkInRequired: CheckInSettings = { required: true, graceMinutes: 30, earlyMinutes: 15 };

/** The check-in cases' day. */
export const checkInDay = '2026-05-05';

/** An ACTIVE reservation of 09:00–17:00 on the check-in cases' day, not checked in, with `overrides`. */
export const checkInSubject = (overrides: Partial<CheckInSubject> = {}): CheckInSubject => ({
  status: 'ACTIVE',
  start: at(checkInDay, '09:00:00'),
  end: at(checkInDay, '17:00:00'),
  checkedInAt: null,
  ...overrides,
});

/** What a check-in at a case's moment finds: the window open, closed, or closed with the reservation a no-show. */
export type CheckInFinding = { isOpen: boolean; isNoShow: boolean };
const open: CheckInFinding = { isOpen: true, isNoShow: false };
const closed: CheckInFinding = { isOpen: false, isNoShow: false };
const noShow: CheckInFinding = { isOpen: false, isNoShow: true };

/**
 * The check-in cases: the reservation, its garage's settings, the time on the cases' day, and what a check-in
 * finds then. check-in-window.test.ts runs them through the TypeScript no-show rule, rule-forms.int.test.ts
 * through both forms of the window.
 */
export const checkInCases: readonly (readonly [
  string,
  CheckInSubject,
  CheckInSettings,
  string,
  CheckInFinding,
])[] = [
  ['before it opens', checkInSubject(), checkInRequired, '08:44:59', closed],
  ['as it opens', checkInSubject(), checkInRequired, '08:45:00', open],
  ['the last second', checkInSubject(), checkInRequired, '09:29:59', open],
  ['as it closes', checkInSubject(), checkInRequired, '09:30:00', noShow],
  [
    'checked in',
    checkInSubject({ checkedInAt: at(checkInDay, '09:00:00') }),
    checkInRequired,
    '09:10:00',
    closed,
  ],
  [
    'checked in, after the window',
    checkInSubject({ checkedInAt: at(checkInDay, '09:00:00') }),
    checkInRequired,
    '10:00:00',
    closed,
  ],
  ['deleted', checkInSubject({ status: 'DELETED' }), checkInRequired, '09:10:00', closed],
  ['deleted, after the window', checkInSubject({ status: 'DELETED' }), checkInRequired, '10:00:00', closed],
  ['not required', checkInSubject(), { ...checkInRequired, required: false }, '09:10:00', closed],
  ['not required, later', checkInSubject(), { ...checkInRequired, required: false }, '12:00:00', closed],
  [
    'shorter than its grace, at its end',
    checkInSubject({ end: at(checkInDay, '09:10:00') }),
    checkInRequired,
    '09:10:00',
    noShow,
  ],
  [
    'no early and no grace minutes, at the start',
    checkInSubject(),
    { required: true, graceMinutes: 0, earlyMinutes: 0 },
    '09:00:00',
    noShow,
  ],
  [
    'the longest settings',
    checkInSubject(),
    { required: true, graceMinutes: 720, earlyMinutes: 720 },
    '16:59:59',
    open,
  ],
];
