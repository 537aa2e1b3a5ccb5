import {
  LICENSE_PLATE_PATTERN,
  normalizeLicensePlate,
  type TransferDef,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo/demo-data.ts';
import { columnOf } from '../src/platform/db/entity-columns.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { registry } from '../src/registry.ts';
import { databaseOfFile, type SeededReservation, userIdOf } from './world.ts';

const db: Kysely<DB> = (await databaseOfFile({ demoData: true })).db;

/** The SQLSTATE and constraint of a failed statement, or 'ok'. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    return constraint === undefined ? `${code}` : `${code} ${constraint}`;
  }
}

const userId = (email: string) => userIdOf({ db }, email);

async function slotId(name: string): Promise<string> {
  const slot = await db
    .selectFrom('parkingSlots')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return slot.id;
}

/** A reservation as the constraints see it: its owner and slot by id, of any status. */
type Booking = Pick<SeededReservation, 'date' | 'start' | 'end' | 'type'> & {
  owner: string;
  slot: string;
  status?: 'ACTIVE' | 'DELETED' | 'EXPIRED';
};

function reserve(booking: Booking) {
  const guest = booking.type === 'GUEST';
  return db
    .insertInto('reservations')
    .values({
      ownerId: booking.owner,
      parkingSlotId: booking.slot,
      date: booking.date,
      startTime: booking.start,
      endTime: booking.end,
      during: sql<string>`wall_clock_range(${booking.date}::date, ${booking.start}::time, ${booking.end}::time, 'Europe/Budapest')`,
      reservationType: booking.type ?? 'NORMAL',
      reservationStatus: booking.status ?? 'ACTIVE',
      guestName: guest ? 'Grace Guest' : null,
      guestEmail: guest ? 'grace@elsewhere.example' : null,
      guestLicensePlate: guest ? 'GST-001' : null,
    })
    .execute();
}

describe('demo model', () => {
  it('seeds only once', async () => {
    expect(await seedDemoData(db)).toBe(false);
  });

  it('has two garages with about sixty slots over two floors each', async () => {
    const garages = await db
      .selectFrom('parkingSlots')
      .innerJoin('parkingGarages', 'parkingGarages.id', 'parkingSlots.parkingGarageId')
      .select(({ fn }) => [
        'parkingGarages.name',
        fn.countAll<string>().as('slots'),
        fn.count<string>(sql`distinct ${sql.ref('parkingSlots.floor')}`).as('floors'),
      ])
      .groupBy('parkingGarages.name')
      .orderBy('parkingGarages.name')
      .execute();
    expect(garages).toEqual([
      { name: 'HQ Garage', slots: '40', floors: '2' },
      { name: 'Riverside Garage', slots: '20', floors: '2' },
    ]);
    const flags = await db
      .selectFrom('parkingSlots')
      .select(({ fn }) => [
        fn.countAll<string>().filterWhere('nextToWall', '=', true).as('nextToWall'),
        fn.countAll<string>().filterWhere('isExclusive', '=', true).as('exclusive'),
        fn.countAll<string>().filterWhere('isActive', '=', false).as('inactive'),
      ])
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ nextToWall: '8', exclusive: '3', inactive: '1' });
  });

  it('names slots as name / floor (garage), also after the garage is renamed', async () => {
    const slot = await db
      .selectFrom('parkingSlots')
      .select('aggregaredName')
      .where('name', '=', 'A-105')
      .executeTakeFirstOrThrow();
    expect(slot.aggregaredName).toBe('A-105 / -1 (HQ Garage)');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('parkingGarages')
        .set({ name: 'Head Office' })
        .where('name', '=', 'HQ Garage')
        .execute();
      const renamed = await trx
        .selectFrom('parkingSlots')
        .select('aggregaredName')
        .where('name', '=', 'A-105')
        .executeTakeFirstOrThrow();
      expect(renamed.aggregaredName).toBe('A-105 / -1 (Head Office)');
      await trx
        .updateTable('parkingGarages')
        .set({ name: 'HQ Garage' })
        .where('name', '=', 'Head Office')
        .execute();
    });
  });

  it('gives the demo user two cars with one favourite, access to the first garage and a preferred slot', async () => {
    const user = await userId('user@parkhere.example');
    const cars = await db
      .selectFrom('cars')
      .select(['licensePlate', 'isFavorite'])
      .where('userId', '=', user)
      .orderBy('licensePlate')
      .execute();
    expect(cars).toEqual([
      { licensePlate: 'ABC-123', isFavorite: true },
      { licensePlate: 'XYZ-789', isFavorite: false },
    ]);
    const access = await db
      .selectFrom('userAccessedGarages')
      .innerJoin('parkingGarages', 'parkingGarages.id', 'userAccessedGarages.parkingGarageId')
      .select('parkingGarages.name')
      .where('userId', '=', user)
      .execute();
    expect(access).toEqual([{ name: 'HQ Garage' }]);
    const preferred = await db
      .selectFrom('users')
      .innerJoin('parkingSlots', 'parkingSlots.id', 'users.preferredParkingSlotId')
      .select('parkingSlots.name')
      .where('users.id', '=', user)
      .executeTakeFirstOrThrow();
    expect(preferred.name).toBe('A-105');
  });

  it('assigns the doorman to the first garage', async () => {
    const garages = await db
      .selectFrom('doormanGarages')
      .innerJoin('doormen', 'doormen.id', 'doormanGarages.doormanId')
      .innerJoin('parkingGarages', 'parkingGarages.id', 'doormanGarages.parkingGarageId')
      .select(['doormen.email', 'parkingGarages.name'])
      .execute();
    expect(garages).toEqual([{ email: 'doorman@parkhere.example', name: 'HQ Garage' }]);
  });
});

describe('no double booking', () => {
  it('lets back-to-back reservations of one slot pass', async () => {
    const [user, quick, slot] = [
      await userId('user@parkhere.example'),
      await userId('quick@parkhere.example'),
      await slotId('A-110'),
    ];
    expect(
      await outcome(() => reserve({ owner: user, slot, date: '2027-03-01', start: '08:00', end: '12:00' })),
    ).toBe('ok');
    expect(
      await outcome(() => reserve({ owner: quick, slot, date: '2027-03-01', start: '12:00', end: '16:00' })),
    ).toBe('ok');
  });

  it('refuses an overlapping reservation of the same slot', async () => {
    const [admin, slot] = [await userId('admin@parkhere.example'), await slotId('A-110')];
    expect(
      await outcome(() => reserve({ owner: admin, slot, date: '2027-03-01', start: '11:30', end: '12:30' })),
    ).toBe('23P01 reservations_slot_no_overlap');
  });

  it('refuses a second own reservation at the same time, but not a guest one', async () => {
    const user = await userId('user@parkhere.example');
    const other = await slotId('A-111');
    expect(
      await outcome(() =>
        reserve({ owner: user, slot: other, date: '2027-03-01', start: '09:00', end: '10:00' }),
      ),
    ).toBe('23P01 reservations_owner_no_overlap');
    expect(
      await outcome(() =>
        reserve({
          owner: user,
          slot: other,
          date: '2027-03-01',
          start: '09:00',
          end: '10:00',
          type: 'GUEST',
        }),
      ),
    ).toBe('ok');
  });

  it('ignores deleted and expired reservations', async () => {
    const [admin, slot] = [await userId('admin@parkhere.example'), await slotId('A-112')];
    await reserve({
      owner: admin,
      slot,
      date: '2027-03-02',
      start: '08:00',
      end: '12:00',
      status: 'DELETED',
    });
    expect(
      await outcome(() => reserve({ owner: admin, slot, date: '2027-03-02', start: '09:00', end: '10:00' })),
    ).toBe('ok');
  });

  it('refuses an empty active reservation and a guest without guest data', async () => {
    const [admin, slot] = [await userId('admin@parkhere.example'), await slotId('A-113')];
    expect(
      await outcome(() => reserve({ owner: admin, slot, date: '2027-03-03', start: '08:00', end: '08:00' })),
    ).toBe('23514 reservations_active_interval_check');
    const noGuest = db
      .insertInto('reservations')
      .values({
        ownerId: admin,
        parkingSlotId: slot,
        date: '2027-03-03',
        startTime: '08:00',
        endTime: '09:00',
        during: sql<string>`wall_clock_range('2027-03-03', '08:00', '09:00', 'Europe/Budapest')`,
        reservationType: 'GUEST',
      })
      .execute();
    expect(await outcome(() => noGuest)).toBe('23514 reservations_guest_check');
  });

  it('reads wall-clock times in the configured zone, so a DST day is an hour longer', async () => {
    const { hours } = await sql<{ hours: number }>`
      SELECT extract(epoch FROM upper(r) - lower(r)) / 3600 AS hours
      FROM wall_clock_range('2026-10-25', '00:00', '04:00', 'Europe/Budapest') AS r`
      .execute(db)
      .then((result) => result.rows[0] ?? { hours: 0 });
    expect(Number(hours)).toBe(5);
  });
});

describe('model constraints', () => {
  it('stores plates trimmed and upper-case, unique per user', async () => {
    const [user, quick] = [await userId('user@parkhere.example'), await userId('quick@parkhere.example')];
    expect(
      await outcome(() => db.insertInto('cars').values({ userId: user, licensePlate: ' abc-1' }).execute()),
    ).toMatch(/^23514 /);
    expect(
      await outcome(() => db.insertInto('cars').values({ userId: user, licensePlate: 'ABC-123' }).execute()),
    ).toBe('23505 cars_user_license_plate_key');
    expect(
      await outcome(() => db.insertInto('cars').values({ userId: quick, licensePlate: 'ABC-123' }).execute()),
    ).toBe('ok');
  });

  it('keeps at most one favourite car per user', async () => {
    const user = await userId('user@parkhere.example');
    const second = db
      .insertInto('cars')
      .values({ userId: user, licensePlate: 'FAV-002', isFavorite: true })
      .execute();
    expect(await outcome(() => second)).toBe('23505 cars_one_favorite_per_user');
  });

  it('refuses overlapping holidays of one user', async () => {
    const user = await userId('user@parkhere.example');
    await db
      .insertInto('holidays')
      .values({ userId: user, startDate: '2027-07-01', endDate: '2027-07-10' })
      .execute();
    const overlapping = db
      .insertInto('holidays')
      .values({ userId: user, startDate: '2027-07-10', endDate: '2027-07-12' })
      .execute();
    expect(await outcome(() => overlapping)).toBe('23P01 holidays_no_overlap');
  });

  it('has exactly one configuration row with the design defaults', async () => {
    const rows = await db
      .selectFrom('configuration')
      .select(['id', 'timeZone', 'maxDaysInAdvance'])
      .execute();
    expect(rows).toEqual([{ id: 1, timeZone: 'Europe/Budapest', maxDaysInAdvance: 14 }]);
    expect(await outcome(() => db.insertInto('configuration').values({ id: 2 }).execute())).toMatch(
      /^23514 /,
    );
  });

  it('keeps additional days unique', async () => {
    const again = db.insertInto('additionalDays').values({ day: '2026-01-02', typeOfDay: 'WORK' }).execute();
    expect(await outcome(() => again)).toBe('23505 additional_days_day_key');
  });
});

describe('contract and schema', () => {
  it('store every non-derived attribute of a stored transfer type in its column', async () => {
    const columns = await sql<{ table: string; column: string }>`
      SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = current_schema()`.execute(db);
    const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const existing = new Set(columns.rows.map(({ table, column }) => `${table}.${column}`));
    const stored = Object.entries(transferTypes).flatMap(([type, definition]: [string, TransferDef]) => {
      if (definition.entity === null) {
        return [];
      }
      // The table the type's source reads and writes: its module names it there.
      const source = registry.sources[type as TransferName];
      const table = source.kind === 'entity' ? source.table : `${type} (no table)`;
      return Object.entries(definition.attributes)
        .filter(([, attribute]) => !attribute.derived)
        .map(([name, attribute]) => `${table}.${snake(columnOf(name, attribute))}`);
    });
    expect(stored.length).toBeGreaterThan(50);
    const missing = stored.filter((column) => !existing.has(column));
    expect(missing).toEqual([]);
  });

  it('accept exactly the plates the contract accepts, once normalised', async () => {
    const admin = await userId('admin@parkhere.example');
    const candidates = [
      ' pqr-77 ',
      'AB CD 12',
      'Z',
      'ÁBC-1',
      '-AB1',
      'AB1-',
      'A'.repeat(20),
      'B'.repeat(21),
      'A_1',
    ];
    const contract = new RegExp(LICENSE_PLATE_PATTERN);
    for (const plate of candidates) {
      const stored = await outcome(() =>
        db
          .insertInto('cars')
          .values({ userId: admin, licensePlate: normalizeLicensePlate(plate) })
          .execute(),
      );
      expect({ plate, accepted: stored === 'ok' }).toEqual({ plate, accepted: contract.test(plate) });
    }
  });
});

describe('prepared statements', () => {
  it('prepares a statement with parameters once per connection and runs one without as it is', async () => {
    await db.transaction().execute(async (connection) => {
      for (const plate of ['AAA-001', 'AAA-002', 'AAA-003']) {
        await sql`SELECT count(*) FROM cars WHERE license_plate = ${plate}`.execute(connection);
      }
      // Several commands in one text: only the simple protocol takes them (migrations are such texts).
      await sql`SELECT 1; SELECT 2`.execute(connection);
      const prepared = await sql<{ count: string }>`SELECT count(*) AS count FROM pg_prepared_statements
        WHERE statement LIKE ${'SELECT count(*) FROM cars WHERE license_plate = $1%'}`.execute(connection);
      expect(prepared.rows[0]?.count).toBe('1');
    });
  });
});
