import {
  type Audience as AccessAudience,
  accessPoints,
  type Endpoint,
  endpoints,
  type OperationDef,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';

/*
 * The access matrix of issue [API], generated from the contract's endpoints(): a new access point, type,
 * relation or operation gets its row without touching this file, and a new transfer type does not compile
 * until it is given a scope below.
 */

/** Who calls: nobody, the owner of the fixtures, another user, a doorman, an administrator. */
export type Audience = 'anonymous' | 'user' | 'other' | 'doorman' | 'admin';
export type SignedIn = Exclude<Audience, 'anonymous'>;

export const AUDIENCES: readonly Audience[] = ['anonymous', 'user', 'other', 'doorman', 'admin'];

/** The demo accounts behind each audience (DESIGN §2). */
export const LOGIN_OF = {
  user: 'user',
  other: 'quick',
  doorman: 'doorman',
  admin: 'admin',
} as const satisfies Record<SignedIn, string>;

/**
 * Who may reach a transfer type's calls (DESIGN §1, §5 and issue [API] §4):
 * - administrator: administrators only; everyone else 403 PERMISSION_DENIED.
 * - doorman: doormen (and administrators) only.
 * - self: an entity that is the actor themself; another person's signed identifier is 404.
 * - owned: an entity owned by one user; the owner and administrators reach it, others get 404.
 * - actor: a panel computed per actor; everyone signed in reaches their own.
 * - shared: reference data every signed-in user may read (garages as users see them).
 * - accessed: slots as users see them: those of the garages the caller may reserve in; the demo doorman has no
 *   garage access, so a slot's signed identifier is 404 to them.
 * - input: an unsaved form; any signed-in user.
 */
export type Scope =
  | 'administrator'
  | 'doorman'
  | 'self'
  | 'owned'
  | 'actor'
  | 'shared'
  | 'accessed'
  | 'input';

export const TYPE_SCOPE: Record<TransferName, Scope> = {
  Car: 'owned',
  CreateCarInput: 'input',
  ParkingGarage: 'shared',
  ParkingSlot: 'accessed',
  ProfileSettings: 'self',
  UserForInput: 'owned',
  UserSettings: 'administrator',
  DeactivationRelease: 'administrator',
  ParkingGarageSettings: 'administrator',
  ParkingSlotSettings: 'administrator',
  GroupSettings: 'administrator',
  UserReservation: 'owned',
  ModificateReservationInput: 'input',
  ReservationInput: 'input',
  Holiday: 'owned',
  HolidayInput: 'input',
  QueryReservationsForHolidayResult: 'input',
  HolidayPanel: 'actor',
  UserReservationPanel: 'actor',
  WaitlistEntry: 'owned',
  DrawRequest: 'owned',
  Draw: 'administrator',
  AuditEntry: 'administrator',
  DrawEntry: 'administrator',
  DrawReplay: 'administrator',
  DrawReplayEntry: 'administrator',
  DrawPriority: 'administrator',
  AssignedSlotRelease: 'input',
  AssignedSlotDay: 'input',
  AssignedSlotSchedule: 'input',
  SkippedDay: 'input',
  RepeatedReservations: 'input',
  ExpectedOwner: 'doorman',
  ReservationsPanel: 'administrator',
  AdditionalDay: 'administrator',
  Doorman: 'administrator',
  DoormanInput: 'administrator',
  ConfigurationSettings: 'administrator',
  DoormanArrivals: 'doorman',
  WalkInInput: 'doorman',
  Job: 'administrator',
};

/**
 * Endpoints of the contract the engine of issue [API] does not serve: their rows are listed here with the
 * reason instead of being skipped silently. Only the anonymous cell is asserted for them.
 */
export const NOT_SERVED_YET: ReadonlyMap<string, string> = new Map<string, string>([]);

/**
 * Cells (`path audience`) where the engine answers differently from the design: each is a reported finding,
 * asserted as designed with `it.fails`, so the row turns red the day the engine is fixed and the entry goes.
 */
export const ENGINE_FINDINGS: ReadonlyMap<string, string> = new Map<string, string>([]);

/**
 * What a cell asserts:
 * - ok: exactly 200 with a well-formed request;
 * - granted: the call passed the access check (no 401/403/404, no 5xx) — used where the request's body
 *   cannot be made valid generically (an unsaved form's relation), so only the access decision is checked;
 * - refused: this status and code.
 */
export type Expectation =
  | { kind: 'ok' }
  | { kind: 'granted' }
  | { kind: 'refused'; status: 401 | 403 | 404; code: string };

export type Cell = { endpoint: Endpoint; audience: Audience; expect: Expectation };

const unauthenticated: Expectation = { kind: 'refused', status: 401, code: 'AUTHENTICATION_REQUIRED' };
const forbidden: Expectation = { kind: 'refused', status: 403, code: 'PERMISSION_DENIED' };
const notFound: Expectation = { kind: 'refused', status: 404, code: 'ENTITY_NOT_FOUND' };

const scopeOfAudience = (audience: AccessAudience): Scope => {
  switch (audience) {
    case 'administrator':
      return 'administrator';
    case 'doorman':
      return 'doorman';
    case 'user':
    case 'signedIn':
      return 'actor';
  }
};

export const scopeOf = (endpoint: Endpoint): Scope => {
  switch (endpoint.kind) {
    case 'accessPoint':
    case 'accessPointCreate':
      return scopeOfAudience(accessPoints[endpoint.accessPoint].audience);
    case 'instance':
    case 'template':
    case 'relation':
    case 'relationUpdate':
    case 'operation':
    case 'uploadToken':
      return TYPE_SCOPE[endpoint.type];
  }
};

const BUSINESS_OPERATIONS: ReadonlySet<string> = new Set([
  'UserReservation/cancelReservation',
  // The fixture's reservation is next week in a garage without check-in: 422 CHECK_IN_NOT_REQUIRED once the
  // access check let the call through (check-in.int.test.ts has the rest).
  'UserReservation/checkIn',
  'UserReservation/modificateReservation',
  'UserReservationPanel/reservation',
  'ReservationsPanel/reservation',
  'UserReservationPanel/repeatReservation',
  'ReservationsPanel/repeatReservation',
  'UserReservationPanel/joinWaitlist',
  'UserReservationPanel/requestDraw',
  // The fixture's user is active: 422 USER_STILL_ACTIVE once the access check let the call through
  // (users/erasure.int.test.ts has the rest).
  'UserSettings/anonymise',
  // A walk-in needs a free slot of the doorman's garage and a guest: 400 for the generic body once the access
  // check let the call through (doormen/walk-in.int.test.ts has the rest).
  'DoormanArrivals/recordWalkIn',
]);

/** Unsaved forms and operation results: no instance, no signed identifier of their own. */
export const FORM_TYPES: ReadonlySet<TransferName> = new Set<TransferName>([
  'CreateCarInput',
  'ModificateReservationInput',
  'ReservationInput',
  'HolidayInput',
  'QueryReservationsForHolidayResult',
  'DoormanInput',
  'WalkInInput',
  'DrawReplay',
  'DrawReplayEntry',
  'AssignedSlotRelease',
  'AssignedSlotDay',
  'AssignedSlotSchedule',
  'SkippedDay',
  'RepeatedReservations',
]);

/**
 * Calls that name a stored instance by `X-Judo-SignedIdentifier`. Within the type's audience, presenting
 * someone else's answers 404: no hint that it exists. Outside it the call is refused with 403 before the
 * identifier is read, like an access point.
 */
export const isIdentifierBound = (endpoint: Endpoint): boolean => {
  switch (endpoint.kind) {
    case 'accessPoint':
    case 'accessPointCreate':
    case 'template':
      return false;
    case 'instance':
    case 'relation':
    case 'relationUpdate':
    case 'uploadToken':
      return transferTypes[endpoint.type].entity !== null;
    case 'operation': {
      const operations: Readonly<Record<string, OperationDef>> = transferTypes[endpoint.type].operations;
      return transferTypes[endpoint.type].entity !== null && operations[endpoint.operation]?.bound === true;
    }
  }
};

/**
 * A form's relation lists, gets and updates take bodies only the engine's form handling defines (there is
 * no form instance to name), so only the access decision is asserted for them.
 */
const successOf = (endpoint: Endpoint): Expectation => {
  // Their answer depends on the reservation rules of the day (working day, interval, quotas, free slot):
  // the matrix checks the access decision, the reservation tests the rest.
  if (endpoint.kind === 'operation' && BUSINESS_OPERATIONS.has(`${endpoint.type}/${endpoint.operation}`)) {
    return { kind: 'granted' };
  }
  const onForm = endpoint.kind === 'relation' || endpoint.kind === 'relationUpdate';
  if (
    onForm &&
    FORM_TYPES.has(endpoint.type) &&
    !(endpoint.kind === 'relation' && endpoint.call === '~range')
  ) {
    return { kind: 'granted' };
  }
  return { kind: 'ok' };
};

export const expectationOf = (endpoint: Endpoint, audience: Audience): Expectation => {
  if (audience === 'anonymous') {
    return unauthenticated;
  }
  const scope = scopeOf(endpoint);
  const success = successOf(endpoint);
  // The type's audience is checked before any identifier is read: outside it, 403 whatever is presented.
  switch (scope) {
    case 'administrator':
      return audience === 'admin' ? success : forbidden;
    case 'doorman':
      return audience === 'doorman' || audience === 'admin' ? success : forbidden;
    case 'self':
    case 'owned':
      // `other` and `doorman` present the user's signed identifier.
      return audience === 'other' || audience === 'doorman' ? notFound : success;
    case 'accessed':
      // The fixture's slot is in HQ Garage, which the doorman guards: a doorman reads the slots of their
      // garages (issue 31 §3, a walk-in guest is recorded into one); relation-leaks keeps them from others'.
      return success;
    case 'actor':
    case 'shared':
    case 'input':
      return success;
  }
};

export const matrix = (): Cell[] =>
  endpoints().flatMap((endpoint) =>
    AUDIENCES.map((audience) => ({ endpoint, audience, expect: expectationOf(endpoint, audience) })),
  );
