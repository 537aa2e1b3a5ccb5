import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedReservation, withoutFloorPlans, workingDayAfter, worldOfFile } from '../world.ts';
import { exportPath, exportsOf } from './exports.ts';

type Entity = Record<string, unknown> & { __signedIdentifier: string };

const SLOTS = '/services/Actor/parkingSlots';
const HUNGARIAN = 'Árvíztűrő tükörfúrógép';

const world = await worldOfFile({ users: ['admin', 'user'] });
const { admin, user, db, server } = world;
await withoutFloorPlans(db);

// More slots than one of the export's pages, so the keyset paging has to carry on where a page ended.
await sql`INSERT INTO parking_slots (parking_garage_id, name, floor)
  SELECT (SELECT min(id) FROM parking_garages), 'Z-' || lpad(n::text, 4, '0'), n % 5
  FROM generate_series(1, 1234) AS n`.execute(db);
await sql`UPDATE parking_slots SET name = ${HUNGARIAN} WHERE name = 'A-105'`.execute(db);

const { csvOf, xlsxOf } = exportsOf(server);

/** Every row of a list through its ~list pages, as the web reads it. */
const listed = async (list: string, body: Record<string, unknown>) => {
  const all: Entity[] = [];
  for (;;) {
    const last = all.at(-1);
    const page = await admin.json<Entity[]>(`${list}/~list`, {
      ...body,
      _seek: { limit: 500, ...(last === undefined ? {} : { lastItem: last }) },
    });
    all.push(...page);
    if (page.length < 500) {
      return all;
    }
  }
};

describe('a list exported as CSV', () => {
  it('holds every row the list has, in its order, past the pages the server reads it in', async () => {
    const body = { _orderBy: [{ attribute: 'floor', descending: true }, { attribute: 'name' }] };
    const rows = await csvOf(admin, SLOTS, { ...body, _mask: '{name,floor,isActive}' });
    expect(rows[0]).toEqual(['Name', 'Floor', 'Active']);
    const all = await listed(SLOTS, { ...body, _mask: '{name,floor,isActive}' });
    expect(all.length).toBeGreaterThan(1234);
    expect(rows.slice(1)).toEqual(
      all.map((slot) => [slot.name, String(slot.floor), slot.isActive === true ? 'Yes' : 'No']),
    );
  });

  it('keeps to the filters and answers the columns a screen shows without a mask', async () => {
    const rows = await csvOf(admin, SLOTS, {
      name: [{ operator: 'like', value: 'z-00%' }],
      floor: [{ operator: 'equal', value: 3 }],
    });
    expect(rows[0]).toEqual([
      'Name',
      'Floor',
      'Parking slot',
      'Next to wall',
      'Active',
      'Exclusive',
      'Accessible',
      'Charger',
      'Floor plan',
      'Across the plan (%)',
      'Down the plan (%)',
    ]);
    const names = rows.slice(1).map((row) => row[0]);
    expect(names).toEqual(['Z-0003', 'Z-0008', 'Z-0013', 'Z-0018', ...names.slice(4)]);
    expect(names.every((name) => /^Z-00\d\d$/.test(String(name)))).toBe(true);
    expect(rows.slice(1).every((row) => row[1] === '3')).toBe(true);
  });

  it('titles its columns and writes its values in the caller’s language, Hungarian letters and all', async () => {
    const rows = await csvOf(
      admin,
      SLOTS,
      { _mask: '{name,isActive}', name: [{ operator: 'like', value: 'Árvíz%' }] },
      'hu-HU',
    );
    expect(rows).toEqual([
      ['Név', 'Aktív'],
      [HUNGARIAN, 'Igen'],
    ]);
  });
  it('writes a to-one relation the mask names as its label, under the relation’s title', async () => {
    const body = { _mask: '{name,parkingGarage{name}}', name: [{ operator: 'like', value: 'B-00%' }] };
    const rows = await csvOf(admin, SLOTS, body);
    const all = await listed(SLOTS, body);
    expect(rows).toEqual([
      ['Name', 'Parking garage'],
      ...all.map((slot) => [slot.name, (slot.parkingGarage as { name: string }).name]),
    ]);
    expect(all.length).toBeGreaterThan(0);
  });
});

describe('relations and files in an export', () => {
  it('writes a to-many relation as its targets’ labels joined by “; ”, in the caller’s language', async () => {
    const garages = '/services/Actor/parkingGarages';
    const body = { _mask: '{name,accessedUsers{name}}' };
    const listed = await admin.json<(Entity & { name: string; accessedUsers: { name: string }[] })[]>(
      `${garages}/~list`,
      body,
    );
    expect(listed.some((garage) => garage.accessedUsers.length > 1)).toBe(true);
    const rows = await csvOf(admin, garages, body, 'hu-HU');
    expect(rows).toEqual([
      ['Név', 'Hozzáféréssel rendelkező felhasználók'],
      ...listed.map((garage) => [garage.name, garage.accessedUsers.map((user) => user.name).join('; ')]),
    ]);
  });

  it('writes a file column as the file’s name, and an empty cell where there is none', async () => {
    const [file] = (
      await sql<{ id: string }>`INSERT INTO files (name, size, content_type, content, created_by, created)
        VALUES ('alaprajz-A.png', 3, 'image/png', '\\x000102'::bytea,
          (SELECT id FROM users WHERE email = 'admin@parkhere.example'), now()) RETURNING id::text`.execute(
        db,
      )
    ).rows;
    await sql`UPDATE parking_slots SET floor_plan_id = ${file?.id}::uuid WHERE name = 'A-101'`.execute(db);
    const body = { _mask: '{name,floorPlan}', name: [{ operator: 'like', value: 'A-10%' }] };
    const rows = await csvOf(admin, SLOTS, body);
    expect(rows[0]).toEqual(['Name', 'Floor plan']);
    expect(rows).toContainEqual(['A-101', 'alaprajz-A.png']);
    expect(rows).toContainEqual(['A-102', '']);
    const workbook = await xlsxOf(admin, SLOTS, body, 'en-US');
    expect(workbook).toContainEqual(['A-101', 'alaprajz-A.png']);
  });
});

describe('a list exported as an Excel workbook', () => {
  it('reads back with the library as the same rows as the list, in Hungarian', async () => {
    const body = { _mask: '{name,floor,aggregaredName}', name: [{ operator: 'like', value: '%r%' }] };
    const rows = await xlsxOf(admin, SLOTS, body, 'hu-HU');
    expect(rows[0]).toEqual(['Név', 'Emelet', 'Parkolóhely']);
    const all = await listed(SLOTS, body);
    expect(all.map((slot) => slot.name)).toContain(HUNGARIAN);
    expect(rows.slice(1)).toEqual(all.map((slot) => [slot.name, slot.floor, slot.aggregaredName]));
  });
});

describe('who exports what', () => {
  it('gives a user only the rows their list shows', async () => {
    const rows = await csvOf(user, '/services/Actor/usersForInput', { _mask: '{email,name}' });
    expect(rows).toEqual([
      ['Email', 'Name'],
      ['user@parkhere.example', expect.any(String)],
    ]);
    const everybody = await csvOf(admin, '/services/Actor/usersForInput', { _mask: '{email}' });
    expect(everybody.flat()).toEqual(
      expect.arrayContaining(['user@parkhere.example', 'admin@parkhere.example']),
    );
  });

  it('gives a user their own reservations only, where an administrator’s export has everybody’s', async () => {
    const date = await workingDayAfter(world, 2);
    const day = { date, start: '09:00', end: '17:00' };
    await seedReservation(db, { owner: 'user@parkhere.example', slot: 'A-103', ...day });
    await seedReservation(db, { owner: 'admin@parkhere.example', slot: 'A-104', ...day });
    const body = { _mask: '{date,parkingSlotInformation}', date: [{ operator: 'equal', value: date }] };
    const slotsOf = (rows: string[][]) => rows.slice(1).map((row) => row[1]?.split(' ')[0]);
    const own = await csvOf(user, '/services/UserReservationPanel/activeReservations', body);
    expect(own[0]).toEqual(['Date', 'Parking slot']);
    expect(slotsOf(own)).toEqual(['A-103']);
    const everybody = await csvOf(admin, '/services/ReservationsPanel/futureReservations', body);
    expect(slotsOf(everybody).sort()).toEqual(['A-103', 'A-104']);
  });

  it('exports a relation of the owner the header names, administrators’ relations to administrators', async () => {
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      _mask: '{name}',
      _seek: { limit: 1 },
    });
    const owner = { 'x-judo-signedidentifier': String(garage?.__signedIdentifier) };
    const response = await user.post(
      exportPath('/services/ParkingGarageSettings/parkingSlots', 'csv'),
      {},
      owner,
    );
    expect(response.status).toBe(403);
    const rows = await csvOf(
      admin,
      '/services/ParkingGarageSettings/parkingSlots',
      { _mask: '{name}' },
      'en-US',
      owner,
    );
    expect(rows.length).toBeGreaterThan(1);
  });

  it('answers 403 to a user for an administrators’ list, as its ~list does', async () => {
    for (const format of ['csv', 'xlsx']) {
      const response = await user.post(exportPath(SLOTS, format), {});
      expect(response.status).toBe(403);
    }
  });

  it('answers 400 for a format it does not write or none, and for a filter its list refuses, before any file', async () => {
    const cases: [string, unknown, string, string][] = [
      [exportPath(SLOTS, 'pdf'), {}, 'NOT_ACCEPTED_BY_RANGE', 'format'],
      [`${SLOTS}/~export`, {}, 'NOT_ACCEPTED_BY_RANGE', 'format'],
      [
        exportPath(SLOTS, 'csv'),
        { name: [{ operator: 'matches', value: '(' }] },
        'CONVERSION_FAILED',
        'name[0].value',
      ],
    ];
    for (const [path, body, code, location] of cases) {
      const answer = await admin.answer({ method: 'POST', path, body });
      expect({ status: answer.status, body: answer.body }, path).toEqual({
        status: 400,
        body: [expect.objectContaining({ code, location })],
      });
    }
  });
});
