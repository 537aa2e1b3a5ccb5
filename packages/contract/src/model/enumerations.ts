import type { DayType } from '../calendar/working-days.ts';
import { enumeration } from './dsl.ts';

/** In the order the reservation form offers them. */
export const ReservationType = enumeration('ReservationType', ['NORMAL', 'QUICK', 'GUEST', 'LONG']);
export type ReservationType = (typeof ReservationType.values)[number];

/** NO_SHOW: released because check-in was required and its grace period ended without one. */
export const ReservationStatus = enumeration('ReservationStatus', [
  'ACTIVE',
  'DELETED',
  'EXPIRED',
  'NO_SHOW',
]);
export type ReservationStatus = (typeof ReservationStatus.values)[number];

/** WAITING until a freed slot serves it (PROMOTED) or its start passes (EXPIRED). */
export const WaitlistStatus = enumeration('WaitlistStatus', ['WAITING', 'PROMOTED', 'EXPIRED']);
export type WaitlistStatus = (typeof WaitlistStatus.values)[number];

/**
 * A request of the fair draw: PENDING until its day's cut-off, when the draw makes it WON (a reservation) or
 * LOST; WITHDRAWN by its owner before the cut-off.
 */
export const DrawStatus = enumeration('DrawStatus', ['PENDING', 'WON', 'LOST', 'WITHDRAWN']);
export type DrawStatus = (typeof DrawStatus.values)[number];

/**
 * What became of a request in a draw: WON and served a reservation; REFUSED, won in the draw but a rule the
 * reservation obeys refused it at the cut-off; LOST. A replay, which makes no reservation, says WON or LOST.
 */
export const DrawResult = enumeration('DrawResult', ['WON', 'REFUSED', 'LOST']);
export type DrawResult = (typeof DrawResult.values)[number];

/**
 * The need a draw priority is given for. A closed list, not free text: the reason is health-related, and the
 * draw needs to know no more than which kind of need it is.
 */
export const DrawPriorityCategory = enumeration('DrawPriorityCategory', [
  'ACCESSIBILITY',
  'MEDICAL',
  'CARPOOL',
]);
export type DrawPriorityCategory = (typeof DrawPriorityCategory.values)[number];

export const TypeOfDay = enumeration('TypeOfDay', ['WORK', 'HOLIDAY'] satisfies DayType[]);
export type TypeOfDay = (typeof TypeOfDay.values)[number];

/** What a change did to its row, as the audit log records it. */
export const AuditAction = enumeration('AuditAction', ['INSERT', 'UPDATE', 'DELETE']);
export type AuditAction = (typeof AuditAction.values)[number];

/**
 * The tables the audit log records, by the name the log keeps, the people's first, then the settings', the
 * bookings' and the rest: the server's audited declarations must be exactly these (a server test holds them
 * together).
 */
const AUDITED_TABLES = [
  ...['users', 'user_accessed_garages', 'user_id_card_garages', 'user_identities', 'cars'],
  ...['configuration', 'additional_days', 'parking_garages', 'parking_slots', 'doormen', 'doorman_garages'],
  ...['reservations', 'holidays', 'waitlist_entries', 'draw_requests', 'draws', 'draw_priorities'],
  ...['calendar_feeds', 'files', 'groups', 'group_members'],
] as const;
export const AuditEntityType = enumeration('AuditEntityType', AUDITED_TABLES);
export type AuditEntityType = (typeof AuditEntityType.values)[number];

/**
 * [Pools] A working day of an assigned slot as its owner sees it: EXPECTED (theirs, no booking needed),
 * GIVEN_BACK (offered to others, nobody has booked it yet: it can be taken back), BOOKED (given back and
 * booked by somebody else: it cannot be taken back), ON_HOLIDAY (offered to others while they are away).
 */
export const AssignedDayState = enumeration('AssignedDayState', [
  'EXPECTED',
  'GIVEN_BACK',
  'BOOKED',
  'ON_HOLIDAY',
]);
export type AssignedDayState = (typeof AssignedDayState.values)[number];

export const enumerations = {
  ReservationType,
  ReservationStatus,
  WaitlistStatus,
  DrawStatus,
  DrawResult,
  DrawPriorityCategory,
  AssignedDayState,
  TypeOfDay,
  AuditAction,
  AuditEntityType,
} as const;
