import { API_BASE } from '@parkhere/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { slotsByKey } from '../../src/modules/garages/index.ts';
import { RECENT_READS_TTL_MS } from '../../src/platform/auth/actor-of.ts';
import { type Client, withId } from '../client.ts';
import { requestBody, THU, TUE, WED } from '../draw/draw-week.ts';
import { type Entity, normalRequest } from '../reservations/forms.ts';
import { bearer } from '../tokens.ts';
import { onlySlots, takeSlot } from '../waitlist/waitlist.ts';
import { movableClock, worldOfFile } from '../world.ts';

/*
 * A release keeps answering, the same, after an expand migration added a column to every table (README,
 * Production: rolling upgrades): the new release's migrations run while this one serves, and each of its
 * connections prepared the statements it ran before (platform/db/prepared-statements.ts). A statement whose
 * result expanded `*` would fail ("cached plan must not change result type"), or answer the new column. The
 * main reads and writes run once so their statements are prepared, every table gets a column from another
 * connection (on PGlite, its one session), and they run again. The clock stands on Monday 2026-12-07 at 08:00
 * in Budapest, as the draw's tests have it.
 */
const time = movableClock('2026-12-07T08:00:00+01:00');
const { server, storage, user, admin } = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false },
  users: ['user', 'admin'],
});
// HQ Garage draws, with only, both taken on Tuesday from 11:00 to 13:00 (a wait's times).
await onlySlots(server.db, ['A-103', 'A-104']);
await sql`UPDATE parking_garages SET draw_enabled = (name = 'HQ Garage')`.execute(server.db);
for (const slot of ['A-103', 'A-104']) {
  await takeSlot(server.db, slot, TUE, '11:00', '13:00');
}

type Read = { status: number; body: unknown };

/**
 * A file's token (a floor plan's, say) as the file it names: the token is signed when it is read, so its issue
 * and expiry times differ from one read to the next.
 */
const fileOf = (_key: string, value: unknown): unknown => {
  if (typeof value !== 'string' || !/^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(value)) {
    return value;
  }
  const claims = JSON.parse(Buffer.from(value.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    kind?: string;
    fileId?: string;
    attribute?: string;
    entity?: string;
  };
  return claims.kind === 'file' ? `file ${claims.fileId} (${claims.attribute} of ${claims.entity})` : value;
};

/** An answer's status and body (JSON, else the text), the export's moment and files' token times left out. */
const readOf = async (response: Response): Promise<Read> => {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text, fileOf);
  } catch {
    // A CSV stays the text it is.
  }
  if (body !== null && typeof body === 'object' && 'exportedAt' in body) {
    body = { ...body, exportedAt: 'then' };
  }
  return { status: response.status, body };
};

const post = (caller: Client, path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  caller.post(path, body, headers).then(readOf);
const get = (caller: Client, path: string) => caller.get(path).then(readOf);
const exported = (caller: Client, list: string) =>
  fetch(`${server.url}${API_BASE}${list}/~export?format=csv`, {
    method: 'POST',
    headers: { ...bearer(caller.token), 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: '{}',
  }).then(readOf);

/** The main reads of a user and an administrator, by name. */
async function reads(): Promise<Record<string, Read>> {
  const panel = (await post(user, '/services/Actor/userReservationPanel/~get')).body as Entity;
  const profile = (await post(user, '/services/Actor/profileSettings/~get')).body as Entity;
  const onPanel = withId(panel.__signedIdentifier);
  return {
    principal: await get(user, '/services/Actor/~principal'),
    panel: { status: 200, body: panel },
    profile: { status: 200, body: profile },
    cars: await post(user, '/services/ProfileSettings/cars/~list', {}, withId(profile.__signedIdentifier)),
    reservations: await post(user, '/services/UserReservationPanel/activeReservations/~list', {}, onPanel),
    drawRequests: await post(user, '/services/UserReservationPanel/drawRequests/~list', {}, onPanel),
    waitlist: await post(user, '/services/UserReservationPanel/waitlist/~list', {}, onPanel),
    holidays: await post(user, '/services/Actor/userHolidays/~get'),
    usersForInput: await post(user, '/services/Actor/usersForInput/~list'),
    personalData: await get(user, '/personal-data'),
    adminPrincipal: await get(admin, '/services/Actor/~principal'),
    users: await post(admin, '/services/Actor/users/~list'),
    garages: await post(admin, '/services/Actor/parkingGarages/~list'),
    slots: await post(admin, '/services/Actor/parkingSlots/~list'),
    configuration: await post(admin, '/services/Actor/configurationSettings/~get'),
    groups: await post(admin, '/services/Actor/groups/~list'),
    reservationsAccess: await post(admin, '/services/Actor/reservationsAccess/~get'),
    usersExport: await exported(admin, '/services/Actor/users'),
    slotsExport: await exported(admin, '/services/Actor/parkingSlots'),
    report: await get(admin, '/reports/utilisation?from=2026-12-01&to=2026-12-09'),
  };
}

/** What an answer is made of: its keys, all the way down (a list by its first item), not their values. */
const shapeOf = (value: unknown): unknown => {
  if (Array.isArray(value)) {
    return value.length === 0 ? [] : [shapeOf(value[0])];
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shapeOf(item)]),
    );
  }
  return typeof value;
};

/** The main writes of a user, the `round`-th time (0 or 1): each on days and slots of its own. */
async function writes(round: 0 | 1): Promise<Record<string, { status: number; shape: unknown }>> {
  const [self] = (await post(user, '/services/Actor/usersForInput/~list')).body as Entity[];
  const answers: Record<string, Read> = {
    reservation: await post(
      user,
      '/services/UserReservationPanel/reservation',
      await normalRequest(user, 'A-103', TUE, `${9 + round}:00:00`.padStart(8, '0'), `${10 + round}:00:00`),
    ),
    car: await post(user, '/services/ProfileSettings/createCar', { licensePlate: `ZZF-00${round}` }),
    holiday: await post(user, '/services/HolidayPanel/holiday', {
      startDate: round === 0 ? '2027-02-01' : '2027-02-08',
      endDate: round === 0 ? '2027-02-02' : '2027-02-09',
      user: self,
    }),
    drawRequest: await post(
      user,
      '/services/UserReservationPanel/requestDraw',
      await requestBody(user, round === 0 ? WED : THU),
    ),
    waitlist: await post(user, '/services/UserReservationPanel/joinWaitlist', {
      ...(await requestBody(user, TUE)),
      startTime: round === 0 ? '11:00:00' : '12:00:00',
      endTime: round === 0 ? '12:00:00' : '13:00:00',
    }),
  };
  return Object.fromEntries(
    Object.entries(answers).map(([name, { status, body }]) => [name, { status, shape: shapeOf(body) }]),
  );
}

/** Every table of the app (public, not a view) and its columns in their order. */
const tableColumns = async (): Promise<Map<string, string[]>> => {
  const found = await sql<{ table: string; columns: string[] }>`SELECT c.table_name AS table,
      array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
    FROM information_schema.columns c JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    GROUP BY c.table_name ORDER BY c.table_name`.execute(server.db);
  return new Map(found.rows.map(({ table, columns }) => [table, columns]));
};

/** The expand migration: a nullable column on every table, from a connection of its own where there is one. */
async function addColumnToEveryTable(tables: readonly string[]): Promise<void> {
  const statements = tables.map((table) => `ALTER TABLE "${table}" ADD COLUMN zz_future integer`);
  if (storage.databaseUrl === undefined) {
    for (const statement of statements) {
      await sql.raw(statement).execute(server.db);
    }
    return;
  }
  const other = new pg.Client({ connectionString: storage.databaseUrl });
  await other.connect();
  try {
    await other.query(statements.join(';\n'));
  } finally {
    await other.end();
  }
}

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

describe('a column added to every table while the release serves', () => {
  it('changes no answer of the main reads and writes, and fails none', async () => {
    const firstWrites = await writes(0);
    for (const [name, { status }] of Object.entries(firstWrites)) {
      expect([name, status]).toEqual([name, 200]);
    }
    const before = await reads();
    // Twice, so a statement the first round ran unprepared or on another connection is prepared too.
    await reads();
    const columns = await tableColumns();
    await addColumnToEveryTable([...columns.keys()]);
    expect((await tableColumns()).get('users')).toContain('zz_future');
    // The actors the calls resolved are remembered for a few seconds: past that, sign-in reads them again.
    await new Promise((resolve) => setTimeout(resolve, RECENT_READS_TTL_MS + 100));

    const after = await reads();
    for (const name of Object.keys(before)) {
      expect({ name, ...after[name] }).toEqual({ name, ...before[name] });
    }
    expect(await writes(1)).toEqual(firstWrites);
  });
});

describe('what reads a whole row names every column of it', () => {
  it('exports every column of the user, their cars, reservations, holidays, waitlist and draw rows', async () => {
    const columns = await tableColumns();
    const keysOf = (table: string) =>
      (columns.get(table) ?? []).filter((c) => c !== 'zz_future').map(camelCase);
    const data = (await get(user, '/personal-data')).body as Record<string, Record<string, unknown>[]>;
    const firstKeys = (part: string) => Object.keys((data[part] as Record<string, unknown>[])[0] ?? {});
    expect(Object.keys(data.profile ?? {})).toEqual([...keysOf('users'), 'accessedParkingGarageIds']);
    expect(firstKeys('cars')).toEqual(keysOf('cars'));
    expect(firstKeys('reservations')).toEqual([
      ...keysOf('reservations'),
      'parkingSlotName',
      'parkingGarageName',
    ]);
    expect(firstKeys('holidays')).toEqual(keysOf('holidays'));
    expect(firstKeys('drawRequests')).toEqual(keysOf('draw_requests'));
    if (firstKeys('waitlistEntries').length > 0) {
      expect(firstKeys('waitlistEntries')).toEqual(keysOf('waitlist_entries'));
    }
  });

  it("compares an import's slots by every column", async () => {
    const columns = (await tableColumns()).get('parking_slots') ?? [];
    const [slot] = (await slotsByKey(server.db)).values();
    expect(Object.keys(slot?.columns ?? {})).toEqual(columns.filter((c) => c !== 'zz_future').map(camelCase));
  });
});
