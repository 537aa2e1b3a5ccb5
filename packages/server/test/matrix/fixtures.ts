import {
  accessPoints,
  type Endpoint,
  endpoints,
  headers,
  isWorkingDay,
  type OperationDef,
  type RelationDef,
  type RelationName,
  type RelationUpdateCall,
  relationPath,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import { sql } from 'kysely';
import type { Answer, Call } from '../client.ts';
import { seedLostDraw } from '../draw/seed-draw.ts';
import {
  seedDrawRequest,
  seedHoliday,
  seedReservation,
  seedWaitlistEntry,
  type TestServer,
  worldOfFile,
} from '../world.ts';
import { type Audience, LOGIN_OF, type SignedIn, TYPE_SCOPE } from './access-table.ts';

/*
 * The world every matrix cell runs in: the demo data plus a future reservation and a holiday of `user`,
 * seeded with SQL (their operations belong to the next issue); every signed identifier is fetched over
 * HTTP as the engine hands it out, never forged.
 */

export type Entity = Record<string, unknown> & { __signedIdentifier: string };

export type ApiClient = (audience: Audience, call: Call) => Promise<Answer>;

const USER_EMAIL = 'user@parkhere.example';

/** The UTC date `days` after today's, as the database's current_date reads it. */
const daysFromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A future NORMAL reservation of the user's, 09:00-10:00 on A-105 with their favourite car. */
const userReservationOn = (date: string) => ({
  owner: USER_EMAIL,
  slot: 'A-105',
  date,
  start: '09:00',
  end: '10:00',
  reminder: null,
});

/** A PENDING draw request of the user's, 10:00-11:00 in HQ Garage. */
const drawRequestOn = (date: string) => ({
  owner: USER_EMAIL,
  garage: 'HQ Garage',
  date,
  start: '10:00',
  end: '11:00',
});

/**
 * The matrix world of a test file, dropped after its tests. `rememberInstances`: each caller's instance of a
 * type is looked up once, for a file that builds every request up front, before anything changes the world.
 */
export async function matrixWorldOfFile({ rememberInstances = false } = {}): Promise<{
  server: TestServer;
  api: ApiClient;
  fixtures: Fixtures;
}> {
  const world = await worldOfFile({
    env: { LOG_LEVEL: 'warn' },
    users: Object.values(LOGIN_OF),
    holidays: [{ owner: USER_EMAIL, start: daysFromToday(30), end: daysFromToday(31) }],
    reservations: [userReservationOn(daysFromToday(7))],
  });
  // A WAITING entry of the user's for the WaitlistEntry rows: beyond the reservation horizon, so that no
  // promotion the matrix's calls queue (a new slot, a deleted reservation) serves it meanwhile.
  await seedWaitlistEntry(world.server.db, {
    ...userReservationOn(daysFromToday(300)),
    start: '08:00',
    end: '09:00',
  });
  // A PENDING draw request of the user's for the DrawRequest rows, far ahead as the waiting entry.
  await seedDrawRequest(world.server.db, { ...drawRequestOn(daysFromToday(300)) });
  // A draw that ran, with the user's request lost, for the Draw and DrawEntry rows; and a priority of the
  // other user's (MEDICAL) for the DrawPriority rows.
  await seedLostDraw(world.server.db, { garage: 'HQ Garage', date: daysFromToday(-3), owners: [USER_EMAIL] });
  // A dead job of a kind no handler runs: a retry makes it dead again, so it stays listed.
  await sql`INSERT INTO jobs (kind, payload, state, run_at, attempts, max_attempts, last_error, finished_at)
    VALUES ('ops.matrix-fixture', '{}', 'dead', now(), 5, 5, 'Error: the fixture fails', now())`.execute(
    world.server.db,
  );
  // An assigned slot of HQ Garage (the demo doorman's) whose owner, the other user, is expected today, for the
  // ExpectedOwner rows: a day off today (in the configured zone) is made a working day for it.
  await sql`UPDATE parking_slots SET assigned_to_id = (SELECT id FROM users WHERE email = 'quick@parkhere.example')
    WHERE name = 'A-219'`.execute(world.server.db);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Budapest' });
  if (!isWorkingDay(today)) {
    await sql`INSERT INTO additional_days (day, type_of_day) VALUES (${today}::date, 'WORK')`.execute(
      world.server.db,
    );
  }
  // The demo data has no group: one for the GroupSettings rows.
  await sql`INSERT INTO groups (name) VALUES ('Matrix Group')`.execute(world.server.db);
  await sql`INSERT INTO draw_priorities (user_id, category, expires)
    SELECT id, 'MEDICAL', ${daysFromToday(30)}::date FROM users WHERE email = 'quick@parkhere.example'`.execute(
    world.server.db,
  );
  const api: ApiClient = (audience, call) =>
    (audience === 'anonymous' ? world.anonymous : world[LOGIN_OF[audience]]).answer(call);
  return { server: world.server, api, fixtures: createFixtures(world.server, api, rememberInstances) };
}

/** Operations that consume their instance: each cell gets a new one. */
const DESTRUCTIVE_OPERATIONS: ReadonlySet<string> = new Set([
  'Car/deleteCar',
  'UserReservation/deleteReservation',
  'UserReservation/cancelReservation',
  'UserReservation/modificateReservation',
  'Holiday/deleteHoliday',
  'Holiday/modifyHoliday',
  'WaitlistEntry/leaveWaitlist',
  'DrawRequest/withdraw',
]);

type Filter = Record<string, { operator: string; value: unknown }[]>;
const equal = (attribute: string, value: unknown): Filter => ({
  [attribute]: [{ operator: 'equal', value }],
});
const signed = (entity: Entity | null): Record<string, string> =>
  entity === null ? {} : { [headers.signedIdentifier]: entity.__signedIdentifier };

let counter = 0;
/** Unique within a world (each test file has its own), so cells never collide on unique keys. */
export const unique = (): number => {
  counter += 1;
  return counter;
};
/** Far-future days, one per call. */
const uniqueDay = (): string =>
  new Date(Date.UTC(2040, 0, 1) + unique() * 86_400_000).toISOString().slice(0, 10);

/** The type an additional day on `day` must have to change it (the model refuses one that does not). */
const typeOfDayFor = (day: string) => (isWorkingDay(day) ? 'HOLIDAY' : 'WORK');

export type Fixtures = {
  /** The instance of `type` the audience presents in its cell (see TYPE_SCOPE for whose it is). */
  instanceFor: (type: TransferName, audience: SignedIn) => Promise<Entity | null>;
  /** A new disposable instance for destructive calls (delete, remove). */
  fresh: (type: TransferName) => Promise<Entity>;
  /** The request a cell sends: a valid one for the owner, the same one for everyone else. */
  requestOf: (endpoint: Endpoint, audience: SignedIn) => Promise<Call>;
  /**
   * What puts the world back after a successful call of this kind, so later rows see the demo data:
   * a relation `~remove` is followed by the `~add` of the same items.
   */
  undoOf: (call: Call) => Call | null;
};

function createFixtures(server: TestServer, api: ApiClient, rememberInstances: boolean): Fixtures {
  const db = server.app.database.db;

  const post = async (audience: SignedIn, path: string, body: unknown, owner: Entity | null = null) => {
    const answer = await api(audience, { method: 'POST', path, body, headers: signed(owner) });
    if (answer.status !== 200) {
      throw new Error(`fixture ${path} as ${audience}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const first = async (audience: SignedIn, path: string, body: unknown, owner: Entity | null = null) => {
    const list = await post(audience, path, body, owner);
    const [item] = Array.isArray(list) ? (list as Entity[]) : [];
    if (item === undefined) {
      throw new Error(`fixture ${path} as ${audience}: empty list`);
    }
    return item;
  };
  const single = async (audience: SignedIn, path: string) => (await post(audience, path, {})) as Entity;
  /** The user's own row of a panel's list on the day it was seeded for. */
  const usersRowOn = async (list: string, attribute: string, day: string, panel: string) =>
    first('user', list, equal(attribute, day), await single('user', panel));
  /** The user's own row of a list of their reservation panel (reservations, waitlist, draw requests). */
  const panelRowOn = async (list: string, day: string) =>
    usersRowOn(
      `/services/UserReservationPanel/${list}/~list`,
      'date',
      day,
      '/services/Actor/userReservationPanel/~get',
    );

  const get = async (audience: SignedIn, path: string) => {
    const answer = await api(audience, { method: 'GET', path });
    return (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<
      string,
      unknown
    >;
  };
  /** The actor as the user pickers of the forms list them. */
  const ownUserForInput = (audience: SignedIn) =>
    first(
      audience,
      '/services/Actor/usersForInput/~list',
      equal('email', `${LOGIN_OF[audience]}@parkhere.example`),
    );

  const profile = (audience: SignedIn) => single(audience, '/services/Actor/profileSettings/~get');
  const configuration = () => single('admin', '/services/Actor/configurationSettings/~get');

  /** Instances as their owner or an administrator sees them. */
  const load = async (type: TransferName, audience: SignedIn): Promise<Entity | null> => {
    switch (type) {
      case 'ProfileSettings':
        return profile(audience);
      case 'HolidayPanel':
        return single(audience, '/services/Actor/userHolidays/~get');
      case 'UserReservationPanel':
        return single(audience, '/services/Actor/userReservationPanel/~get');
      case 'ReservationsPanel':
        return single('admin', '/services/Actor/reservationsAccess/~get');
      case 'DoormanArrivals':
        return single(audience === 'admin' ? 'admin' : 'doorman', '/services/Actor/doormanArrivals/~get');
      case 'ExpectedOwner':
        return firstOfRelation(
          audience === 'admin' ? 'admin' : 'doorman',
          'DoormanArrivals',
          'expectedOwners',
        );
      case 'ConfigurationSettings':
        return configuration();
      case 'UserSettings':
        // The other user, so relation updates never take the fixtures' owner out of their garage.
        return first('admin', '/services/Actor/users/~list', equal('email', 'quick@parkhere.example'));
      case 'ParkingGarageSettings':
        return first('admin', '/services/Actor/parkingGarages/~list', equal('name', 'Riverside Garage'));
      case 'ParkingSlotSettings':
        return first('admin', '/services/Actor/parkingSlots/~list', equal('name', 'B-010'));
      case 'GroupSettings':
        return first('admin', '/services/Actor/groups/~list', equal('name', 'Matrix Group'));
      case 'UserForInput':
        return first('user', '/services/Actor/usersForInput/~list', equal('email', USER_EMAIL));
      case 'Car':
        return firstOfRelation('user', 'ProfileSettings', 'cars', equal('licensePlate', 'XYZ-789'));
      case 'ParkingGarage':
        return firstOfRelation('user', 'ProfileSettings', 'accessedParkingGarages');
      case 'ParkingSlot':
        return firstOfRelation(
          'user',
          'ProfileSettings',
          'accessedParkingSlots',
          equal('isExclusive', false),
        );
      case 'AdditionalDay':
        return firstOfRelation('admin', 'ConfigurationSettings', 'additionalDays');
      case 'Doorman':
        return firstOfRelation('admin', 'ConfigurationSettings', 'doormans');
      case 'Holiday':
        return firstOfRelation('user', 'HolidayPanel', 'holidays');
      case 'UserReservation':
        return firstOfRelation('user', 'UserReservationPanel', 'activeReservations');
      case 'WaitlistEntry':
        return firstOfRelation('user', 'UserReservationPanel', 'waitlist');
      case 'DrawRequest':
        return firstOfRelation('user', 'UserReservationPanel', 'drawRequests');
      case 'Draw':
        return firstOfRelation('admin', 'ReservationsPanel', 'draws');
      case 'AuditEntry':
        return first('admin', '/services/Actor/auditLog/~list', { _seek: { limit: 1 } });
      case 'DrawEntry':
        return firstOfRelation('admin', 'Draw', 'entries');
      case 'DrawPriority':
        return firstOfRelation('admin', 'UserSettings', 'drawPriorities');
      case 'Job':
        return first('admin', '/services/Actor/failedJobs/~list', {});
      case 'DeactivationRelease':
        // What deactivating the other user would release, as the Users view asks before a Save.
        return (await post(
          'admin',
          '/services/UserSettings/queryDeactivationRelease',
          {},
          await first('admin', '/services/Actor/users/~list', equal('email', 'quick@parkhere.example')),
        )) as Entity;
      case 'CreateCarInput':
      case 'ModificateReservationInput':
      case 'ReservationInput':
      case 'HolidayInput':
      case 'QueryReservationsForHolidayResult':
      case 'DoormanInput':
      case 'WalkInInput':
      case 'DrawReplay':
      case 'DrawReplayEntry':
      case 'AssignedSlotRelease':
      case 'AssignedSlotDay':
      case 'AssignedSlotSchedule':
      case 'SkippedDay':
      case 'RepeatedReservations':
        return null;
    }
  };

  /** The first row of a relation list, as `audience` reads it on the owner instance `load` gives them. */
  const firstOfRelation = async <T extends TransferName>(
    audience: SignedIn,
    owner: T,
    relation: RelationName<T>,
    body: unknown = {},
  ): Promise<Entity> =>
    first(audience, relationPath(owner, relation, '~list'), body, await load(owner, audience));

  const remembered = new Map<string, Promise<Entity | null>>();
  const instanceFor = (type: TransferName, audience: SignedIn): Promise<Entity | null> => {
    if (!rememberInstances) {
      return lookUp(type, audience);
    }
    const key = `${type} ${audience}`;
    const instance = remembered.get(key) ?? lookUp(type, audience);
    remembered.set(key, instance);
    return instance;
  };

  const lookUp = (type: TransferName, audience: SignedIn): Promise<Entity | null> => {
    switch (TYPE_SCOPE[type]) {
      case 'self':
        // Administrators use their own profile; the other two present the user's.
        return load(type, audience === 'admin' ? 'admin' : 'user');
      case 'actor':
        return load(type, audience);
      case 'doorman':
        return load(type, audience === 'admin' ? 'admin' : 'doorman');
      case 'administrator':
      case 'owned':
      case 'shared':
      case 'accessed':
      case 'input':
        return load(type, 'admin' === audience ? 'admin' : 'user');
    }
  };

  const fresh = async (type: TransferName): Promise<Entity> => {
    const n = unique();
    switch (type) {
      case 'Car': {
        const plate = `DEL-${n}`;
        await sql`INSERT INTO cars (user_id, license_plate)
          SELECT id, ${plate} FROM users WHERE email = ${USER_EMAIL}`.execute(db);
        return first(
          'user',
          '/services/ProfileSettings/cars/~list',
          equal('licensePlate', plate),
          await profile('user'),
        );
      }
      case 'ParkingGarageSettings': {
        const name = `Fresh Garage ${n}`;
        await sql`INSERT INTO parking_garages (name) VALUES (${name})`.execute(db);
        return first('admin', '/services/Actor/parkingGarages/~list', equal('name', name));
      }
      case 'GroupSettings': {
        const name = `Fresh Group ${n}`;
        await sql`INSERT INTO groups (name) VALUES (${name})`.execute(db);
        return first('admin', '/services/Actor/groups/~list', equal('name', name));
      }
      case 'ParkingSlotSettings': {
        const name = `F-${n}`;
        await sql`INSERT INTO parking_slots (parking_garage_id, name, floor)
          SELECT id, ${name}, 9 FROM parking_garages WHERE name = 'Riverside Garage'`.execute(db);
        return first('admin', '/services/Actor/parkingSlots/~list', equal('name', name));
      }
      case 'AdditionalDay': {
        const day = uniqueDay();
        await sql`INSERT INTO additional_days (day, type_of_day) VALUES (${day}::date, ${typeOfDayFor(day)})`.execute(
          db,
        );
        return first(
          'admin',
          '/services/ConfigurationSettings/additionalDays/~list',
          equal('day', day),
          await configuration(),
        );
      }
      case 'Doorman': {
        const email = `fresh${n}@parkhere.example`;
        await sql`INSERT INTO doormen (name, email) VALUES ('Fresh Doorman', ${email})`.execute(db);
        return first(
          'admin',
          '/services/ConfigurationSettings/doormans/~list',
          equal('email', email),
          await configuration(),
        );
      }
      case 'UserReservation': {
        // A future ACTIVE reservation of the user on a day of its own.
        const day = daysFromToday(60 + n);
        await seedReservation(db, userReservationOn(day));
        return panelRowOn('activeReservations', day);
      }
      case 'Holiday': {
        const day = uniqueDay();
        await seedHoliday(db, { owner: USER_EMAIL, start: day, end: day });
        return usersRowOn(
          '/services/HolidayPanel/holidays/~list',
          'startDate',
          day,
          '/services/Actor/userHolidays/~get',
        );
      }
      case 'WaitlistEntry': {
        // A WAITING entry of the user on a day of its own, beyond the horizon as the seeded one.
        const day = uniqueDay();
        await seedWaitlistEntry(db, { ...userReservationOn(day), start: '08:00', end: '09:00' });
        return panelRowOn('waitlist', day);
      }
      case 'DrawRequest': {
        // A PENDING request of the user on a day of its own, far ahead: before its cut-off.
        const day = uniqueDay();
        await seedDrawRequest(db, drawRequestOn(day));
        return panelRowOn('drawRequests', day);
      }
      case 'DrawPriority': {
        // A user of its own: a user holds each category once.
        const email = `priority${n}@parkhere.example`;
        await sql`WITH u AS (INSERT INTO users (email, name) VALUES (${email}, 'Fresh Priority') RETURNING id)
          INSERT INTO draw_priorities (user_id, category, expires)
          SELECT id, 'CARPOOL', ${daysFromToday(30)}::date FROM u`.execute(db);
        return first(
          'admin',
          '/services/UserSettings/drawPriorities/~list',
          {},
          await first('admin', '/services/Actor/users/~list', equal('email', email)),
        );
      }
      default:
        throw new Error(`no fresh ${type}`);
    }
  };

  let priorities = 0;
  /** A valid new instance of a type, as `~create` and the create operations take it. */
  const createBody = async (type: TransferName): Promise<Record<string, unknown>> => {
    const n = unique();
    switch (type) {
      case 'Car':
      case 'CreateCarInput':
        return { licensePlate: `NEW-${n}` };
      case 'ParkingGarageSettings':
        return { name: `New Garage ${n}` };
      case 'GroupSettings':
        return { name: `New Group ${n}` };
      case 'ParkingSlotSettings':
        return {
          name: `N-${n}`,
          floor: 7,
          parkingGarage: await load('ParkingGarageSettings', 'admin'),
        };
      case 'AdditionalDay': {
        const day = uniqueDay();
        return { day, typeOfDay: typeOfDayFor(day) };
      }
      case 'Doorman':
      case 'DoormanInput':
        return { name: 'New Doorman', email: `new${n}@parkhere.example` };
      case 'UserSettings':
        return {
          name: 'New User',
          email: `new.user${n}@parkhere.example`,
          startOfWorkingTime: '09:00:00',
          endOfWorkingTime: '17:00:00',
          maxNormalReservation: 5,
          maxGuestReservation: 5,
          maxLongReservation: 2,
        };
      case 'HolidayInput': {
        const day = uniqueDay();
        return { startDate: day, endDate: day };
      }
      case 'ModificateReservationInput':
        return { startTime: '11:00:00', endTime: '12:00:00' };
      case 'AssignedSlotRelease':
        // A week: working days in it, whatever today is.
        return { startDate: daysFromToday(20), endDate: daysFromToday(26) };
      case 'DrawPriority':
        // The other user holds MEDICAL already (the world's); a create and its dry run each take another.
        priorities += 1;
        return { category: priorities % 2 === 0 ? 'CARPOOL' : 'ACCESSIBILITY', expires: daysFromToday(60) };
      case 'ReservationInput':
        return { ...(await get('admin', '/services/ReservationInput/~template')), reservationType: 'QUICK' };
      default:
        return {};
    }
  };

  /** A target of a relation to set, add or remove: one the owner could pick. */
  const targetOf = async (relation: RelationDef, call: string): Promise<Entity | null> => {
    const target = relation.target as TransferName;
    if (call === '~remove' && (target === 'AdditionalDay' || target === 'Doorman')) {
      return fresh(target);
    }
    return load(target, 'admin');
  };

  const relationUpdateBody = async (relation: RelationDef, call: RelationUpdateCall): Promise<unknown> => {
    if (call === '~create' || call === '~validate') {
      return createBody(relation.target as TransferName);
    }
    if (call === '~unset') {
      return undefined;
    }
    const item = await targetOf(relation, call);
    return relation.cardinality === 'many' ? [item] : item;
  };

  const listPathOf = (endpoint: Endpoint & { call: string }) =>
    endpoint.call === '~export' ? `${endpoint.path}?format=csv` : endpoint.path;

  const requestOf = async (endpoint: Endpoint, audience: SignedIn): Promise<Call> => {
    const post = (path: string, body: unknown, owner: Entity | null): Call => ({
      method: 'POST',
      path,
      body,
      headers: signed(owner),
    });
    // An export names its file's format in the address.
    const path = endpoint.kind === 'accessPoint' || endpoint.kind === 'relation' ? listPathOf(endpoint) : '';
    switch (endpoint.kind) {
      case 'accessPoint':
        // A list a page at a time, as clients read it (the audit log holds more than one answer may carry);
        // an export takes no page.
        return post(path, endpoint.call === '~export' ? {} : { _seek: { limit: 10 } }, null);
      case 'accessPointCreate': {
        const type = accessPoints[endpoint.accessPoint].target as TransferName;
        return post(endpoint.path, await createBody(type), null);
      }
      case 'template':
        return { method: 'GET', path: endpoint.path };
      case 'instance': {
        const destructive = endpoint.call === '~delete';
        const owner = destructive ? await fresh(endpoint.type) : await instanceFor(endpoint.type, audience);
        return post(endpoint.path, endpoint.call === '~get' ? {} : destructive ? undefined : owner, owner);
      }
      case 'uploadToken':
        return post(endpoint.path, undefined, await instanceFor(endpoint.type, audience));
      case 'relation': {
        const owner = await instanceFor(endpoint.type, audience);
        if (endpoint.call === '~range') {
          const form = owner ?? (await createBody(endpoint.type));
          return post(endpoint.path, { owner: form, queryCustomizer: {} }, owner);
        }
        return post(path, {}, owner);
      }
      case 'relationUpdate': {
        const owner = await instanceFor(endpoint.type, audience);
        const relations: Readonly<Record<string, RelationDef>> = transferTypes[endpoint.type].relations;
        const relation = relations[endpoint.relation];
        if (relation === undefined) {
          throw new Error(`no relation ${endpoint.path}`);
        }
        return post(endpoint.path, await relationUpdateBody(relation, endpoint.call), owner);
      }
      case 'operation': {
        const operations: Readonly<Record<string, OperationDef>> = transferTypes[endpoint.type].operations;
        const input = (operations[endpoint.operation]?.input ?? null) as TransferName | null;
        const destructive = DESTRUCTIVE_OPERATIONS.has(`${endpoint.type}/${endpoint.operation}`);
        const owner = destructive ? await fresh(endpoint.type) : await instanceFor(endpoint.type, audience);
        const body = input === null ? undefined : await createBody(input);
        if (input === 'HolidayInput' || input === 'ReservationInput') {
          // The form names its user: the actor themself on a panel, the presented user on UserForInput.
          const user = endpoint.type === 'UserForInput' ? owner : await ownUserForInput(audience);
          return post(endpoint.path, { ...body, user }, owner);
        }
        return post(endpoint.path, body, owner);
      }
    }
  };

  const undoOf = (call: Call): Call | null => {
    const add = call.path.replace(/~remove$/, '~add');
    const offered = add !== call.path && endpoints().some((endpoint) => endpoint.path === add);
    return offered ? { ...call, path: add } : null;
  };

  return { instanceFor, fresh, requestOf, undoOf };
}
