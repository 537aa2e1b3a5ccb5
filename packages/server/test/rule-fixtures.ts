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
