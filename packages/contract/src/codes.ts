/*
 * Error codes as plain constants and guards, without zod, so the browser can recognise a server's
 * answer without loading the schema library. errors.ts builds the zod schemas from these lists.
 */

export const AUTHENTICATION_CODES = ['AUTHENTICATION_REQUIRED', 'ACCESS_TOKEN_EXPIRED'] as const;
export const FORBIDDEN_CODES = [
  'PERMISSION_DENIED',
  'AUTHENTICATED_ENTITY_NOT_FOUND',
  // The token's account is bound to another user than its email names, or the email's user to another account.
  'IDENTITY_CONFLICT',
  // The provider does not vouch for the email that would create or link the user.
  'EMAIL_NOT_VERIFIED',
  // A first sign-in whose email's domain is not among the allowed ones: no user will be made for it.
  'EMAIL_DOMAIN_NOT_ALLOWED',
  // The user exists but an administrator has deactivated it.
  'ACCOUNT_DEACTIVATED',
] as const;
export const CONFLICT_CODES = [
  'SLOT_ALREADY_RESERVED',
  'OVERLAPPING_RESERVATION',
  'VERSION_CONFLICT',
  // The user already waits for an overlapping time (GUEST requests excepted, as for reservations).
  'ALREADY_ON_WAITLIST',
  // The user already has a pending request of the fair draw for that day (in any garage: one slot a day).
  'ALREADY_REQUESTED',
  // [Pools] An assigned slot's owner took the day back while this booking of it was being made.
  'ASSIGNED_SLOT_TAKEN_BACK',
] as const;
export const BUSINESS_ERROR_CODES = [
  'PERMISSION_DENIED',
  'USER_NOT_FOUND',
  'MISSING_REQUIRED_DATA',
  'NOT_VALID_DATA',
  'RESERVATION_NOT_FOUND',
  'TOO_MANY_RESERVATION',
  'CAR_NOT_FOUND',
  'CONFIGURATION_NOT_FOUND',
  // Check-in: the reservation's garage does not ask for it; its window has not opened; it has closed (or the
  // reservation is not ACTIVE any more).
  'CHECK_IN_NOT_REQUIRED',
  'CHECK_IN_NOT_OPEN_YET',
  'CHECK_IN_CLOSED',
  // Waitlist: a LONG series is all or nothing and is not waited for; a slot is free, so reserve it instead.
  'WAITLIST_NOT_FOR_SERIES',
  'SLOT_AVAILABLE',
  // A reservation on a day the owner has a holiday, without ReservationInput.confirmHoliday.
  'ON_HOLIDAY',
  // The owner may reserve in no garage at all: nothing to choose or wait for until an administrator grants one.
  'NO_GARAGE_ACCESS',
  // A mail template being saved does not compile or uses what mails do not offer; details name the attribute,
  // line and column.
  'INVALID_MAIL_TEMPLATE',
  // The fair draw: a day in its garage's draw is requested (requestDraw), not booked; after its cut-off it is
  // not booked either until the draw has run (a minute at most); a day not (or no longer) in the draw is booked
  // directly; a request is withdrawn only until its day's cut-off.
  'DAY_IN_DRAW',
  'DAY_BEING_DRAWN',
  'DAY_NOT_IN_DRAW',
  'DRAW_CUTOFF_PASSED',
  // Erasure: only a deactivated user is anonymised, and only once.
  'USER_STILL_ACTIVE',
  'USER_ALREADY_ANONYMISED',
  // Reports: one covers at most REPORT_MAX_DAYS days.
  'PERIOD_TOO_LONG',
  // Retention: the months reservations keep the details that name people are out of bounds (details: min, max).
  'RETENTION_OUT_OF_RANGE',
  // A user's email (any case), made or changed, is another user's already.
  'USER_EMAIL_TAKEN',
  // Failed jobs: only a job retrying or dead is retried, and not while a worker runs it.
  'JOB_NOT_FAILING',
  'JOB_RUNNING',
  // Who may take which slot (issue 29): a group's pool slot before the group releases it to everybody (details:
  // group, releaseAt), an accessible slot before it is offered to everybody (details: releaseAt), a slot with a
  // charger for a reservation without an electric car.
  'SLOT_IN_POOL',
  'SLOT_FOR_PERMIT_HOLDERS',
  'SLOT_FOR_ELECTRIC_CARS',
  // Backups: on PostgreSQL the server takes none; the database's own pg_dump does (README, Backups).
  'BACKUP_USE_PG_DUMP',
  // [Pools] An assigned slot is offered to others only on days its owner is on holiday or gave back; a day
  // given back is taken back only while nobody has booked it.
  'ASSIGNED_SLOT_NOT_RELEASED',
  'ASSIGNED_DAY_BOOKED',
] as const;
export const BUSINESS_FAULT_NAME = 'ParkHere::BusinessError';

const oneOf =
  <const T extends readonly string[]>(values: T) =>
  (value: unknown): value is T[number] =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

export const isConflictCode = oneOf(CONFLICT_CODES);
export const isBusinessErrorCode = oneOf(BUSINESS_ERROR_CODES);

/** A 400 item as the server sends it; `level` may be missing and then means ERROR. */
export const isValidationErrorItemLike = (
  value: unknown,
): value is { code: string; location: string; level?: 'ERROR' | 'WARNING' } =>
  typeof value === 'object' &&
  value !== null &&
  'code' in value &&
  typeof value.code === 'string' &&
  'location' in value &&
  typeof value.location === 'string';
