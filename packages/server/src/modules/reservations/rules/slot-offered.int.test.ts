import { type DayOverride, type LocalDate, type LocalTime, workingCalendar } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { at, zone } from '../../../../test/rule-fixtures.ts';
import { databaseOfFile } from '../../../../test/world.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { poolClosedUntil, poolRelease } from '../../groups/index.ts';
import type { ReservationOwner, RuleContext, SlotFacts } from './facts.ts';
import { checkSlotOffered, slotOfferedSql, slotOfferOf } from './slot-offered.ts';

/*
 * Who may take which slot (a group's pool, an accessible slot, a slot with a charger, a slot assigned to a
 * user), in TypeScript and in SQL: each case's slot, owner and car are rows of their own, and the SQL twin (what the slot lists read) must
 * offer the slot exactly when the create's rules refuse nothing. The zone is Europe/Budapest; in December
 * its wall clock is UTC+1.
 */

const db: Kysely<DB> = (await databaseOfFile()).db.withoutPlugins();

const one = async <T>(query: ReturnType<typeof sql<T>>): Promise<T> => {
  const found = await query.execute(db);
  const [row] = found.rows;
  if (row === undefined) {
    throw new Error('no row');
  }
  return row;
};

const garage = await one(sql<{ id: string }>`INSERT INTO parking_garages (name)
  VALUES ('Offered') RETURNING id::text AS id`);

type GroupName = 'IT' | 'Early';
const GROUPS: Record<GroupName, { time: LocalTime; daysBefore: number }> = {
  // The issue's example: released at 14:00 the working day before.
  IT: { time: '14:00:00', daysBefore: 1 },
  // Released on the day itself, at 07:30.
  Early: { time: '07:30:00', daysBefore: 0 },
};
const groupIds: Record<string, string> = {};
for (const [name, { time, daysBefore }] of Object.entries(GROUPS)) {
  // The demo data has a group IT of its own: the rows are named apart (the rules read the group by its id).
  const group = await one(sql<{ id: string }>`INSERT INTO groups (name, pool_release_time,
      pool_release_working_days_before) VALUES (${`Offered ${name}`}, ${time}::time, ${daysBefore})
    RETURNING id::text AS id`);
  groupIds[name] = group.id;
}

type Owner = { memberOf?: GroupName; permit?: boolean };
type Slot = {
  pool?: GroupName;
  isAccessible?: boolean;
  hasCharger?: boolean;
  /** Assigned to the case's owner or to a colleague (modules/assigned-slots), who gave back `givenBack`. */
  assigned?: { to: 'owner' | 'colleague'; givenBack?: LocalDate[] };
};
type Car = 'electric' | 'petrol' | 'none';

let rows = 0;

/** The case's owner, car and slot as rows: their ids. */
async function rowsOf(owner: Owner, car: Car, slot: Slot) {
  rows += 1;
  const user = await one(sql<{ id: string }>`INSERT INTO users (email, name, has_accessibility_permit)
    VALUES (${`offered${rows}@parkhere.example`}, 'Offered', ${owner.permit === true}) RETURNING id::text AS id`);
  if (owner.memberOf !== undefined) {
    await sql`INSERT INTO group_members (group_id, user_id)
      VALUES (${groupIds[owner.memberOf]}::bigint, ${user.id}::bigint)`.execute(db);
  }
  const carId =
    car === 'none'
      ? null
      : (
          await one(sql<{ id: string }>`INSERT INTO cars (user_id, license_plate, is_electric)
            VALUES (${user.id}::bigint, ${`OFF-${rows}`}, ${car === 'electric'}) RETURNING id::text AS id`)
        ).id;
  const assigneeId =
    slot.assigned === undefined
      ? null
      : slot.assigned.to === 'owner'
        ? user.id
        : (
            await one(sql<{ id: string }>`INSERT INTO users (email, name)
              VALUES (${`colleague${rows}@parkhere.example`}, 'Colleague') RETURNING id::text AS id`)
          ).id;
  const row = await one(sql<{ id: string }>`INSERT INTO parking_slots (parking_garage_id, name, floor,
      reserved_for_group_id, is_accessible, has_charger, assigned_to_id)
    VALUES (${garage.id}::bigint, ${`S${rows}`}, 0, ${slot.pool === undefined ? null : groupIds[slot.pool]}::bigint,
      ${slot.isAccessible === true}, ${slot.hasCharger === true}, ${assigneeId}::bigint) RETURNING id::text AS id`);
  for (const date of slot.assigned?.givenBack ?? []) {
    await sql`INSERT INTO assigned_slot_releases (parking_slot_id, date, owner_id)
      VALUES (${row.id}::bigint, ${date}::date, ${assigneeId}::bigint)`.execute(db);
  }
  return { userId: user.id, carId, slotId: row.id, assigneeId };
}

const ownerFacts = (id: string, owner: Owner): ReservationOwner => ({
  id,
  isActive: true,
  isNormalReservation: true,
  isQuickReservation: true,
  isGuestReservation: true,
  isLongReservation: true,
  maxNormalReservation: 5,
  maxGuestReservation: 5,
  maxLongReservation: 2,
  hasAccessibilityPermit: owner.permit === true,
});

const slotFacts = (slot: Slot, owner: Owner, assigneeId: string | null): SlotFacts => ({
  isActive: true,
  isExclusive: false,
  garageIsActive: true,
  garageIsAccessed: true,
  pool:
    slot.pool === undefined
      ? null
      : {
          groupName: slot.pool,
          poolReleaseTime: GROUPS[slot.pool].time,
          poolReleaseWorkingDaysBefore: GROUPS[slot.pool].daysBefore,
          isMember: owner.memberOf === slot.pool,
        },
  isAccessible: slot.isAccessible === true,
  hasCharger: slot.hasCharger === true,
  assigned:
    assigneeId === null
      ? null
      : {
          ownerId: assigneeId,
          ownerIsActive: true,
          releasedDates: slot.assigned?.givenBack ?? [],
          holidays: [],
        },
});

type Case = {
  slot: Slot;
  owner?: Owner;
  car?: Car;
  dates: LocalDate[];
  startTime?: LocalTime;
  now: Date;
  additionalDays?: DayOverride[];
  releaseMinutes?: number;
  isAdministrator?: boolean;
};

/** The codes both forms refuse the case with (none: offered); the forms must agree first. */
async function refusals(each: Case): Promise<string[]> {
  const owner = each.owner ?? {};
  const car = each.car ?? 'petrol';
  const { userId, carId, slotId, assigneeId } = await rowsOf(owner, car, each.slot);
  const startTime = each.startTime ?? '09:00:00';
  const intervals = each.dates.map((date) => ({
    date,
    start: at(date, startTime),
    end: at(date, '17:00:00'),
  }));
  const context: RuleContext = {
    actor: { userId, isAdministrator: each.isAdministrator === true },
    now: each.now,
    timeZone: zone,
    calendar: workingCalendar(each.additionalDays ?? []),
    accessibleSlotReleaseMinutes: each.releaseMinutes ?? 30,
  };
  const violations = checkSlotOffered(
    slotFacts(each.slot, owner, assigneeId),
    ownerFacts(userId, owner),
    car === 'none' ? null : { ownerId: userId, isArchived: false, isElectric: car === 'electric' },
    intervals,
    context,
  );
  const offer = slotOfferOf(
    { userId: sql`${userId}::bigint`, carId: sql`${carId}::bigint` },
    intervals,
    context,
  );
  const inSql = await one(sql<{ offered: boolean }>`SELECT ${slotOfferedSql('s', offer)} AS offered
    FROM parking_slots s WHERE s.id = ${slotId}::bigint`);
  expect(inSql.offered).toBe(violations.length === 0);
  return violations.map((violation) => (violation.kind === 'business' ? violation.code : violation.kind));
}

// Tuesday 1 December 2026; the IT pool of Wednesday 2 December is released on Tuesday at 14:00.
const TUESDAY: LocalDate = '2026-12-01';
const WEDNESDAY: LocalDate = '2026-12-02';
const THURSDAY: LocalDate = '2026-12-03';

describe('a group’s pool, in TypeScript and in SQL', () => {
  it.each<[string, Case, string[]]>([
    ['a slot of no pool is everybody’s', { slot: {}, dates: [WEDNESDAY], now: at(TUESDAY, '08:00:00') }, []],
    [
      'a member books the pool’s slot at any time',
      { slot: { pool: 'IT' }, owner: { memberOf: 'IT' }, dates: [WEDNESDAY], now: at(TUESDAY, '08:00:00') },
      [],
    ],
    [
      'a non-member, before the release (13:59 the working day before)',
      { slot: { pool: 'IT' }, dates: [WEDNESDAY], now: at(TUESDAY, '13:59:00') },
      ['SLOT_IN_POOL'],
    ],
    [
      'a non-member, at the release (14:00 the working day before)',
      { slot: { pool: 'IT' }, dates: [WEDNESDAY], now: at(TUESDAY, '14:00:00') },
      [],
    ],
    [
      'a member of another group is a non-member',
      {
        slot: { pool: 'IT' },
        owner: { memberOf: 'Early' },
        dates: [WEDNESDAY],
        now: at(TUESDAY, '09:00:00'),
      },
      ['SLOT_IN_POOL'],
    ],
    [
      'a pool released on the day itself: before its time',
      { slot: { pool: 'Early' }, dates: [WEDNESDAY], now: at(WEDNESDAY, '07:29:00') },
      ['SLOT_IN_POOL'],
    ],
    [
      'a pool released on the day itself: from its time',
      { slot: { pool: 'Early' }, dates: [WEDNESDAY], now: at(WEDNESDAY, '07:30:00') },
      [],
    ],
    [
      'Monday’s pool is released on Friday, the working day before',
      { slot: { pool: 'IT' }, dates: ['2026-12-07'], now: at('2026-12-04', '14:00:00') },
      [],
    ],
    [
      'not on Saturday, which is no working day',
      { slot: { pool: 'IT' }, dates: ['2026-12-07'], now: at('2026-12-04', '13:00:00') },
      ['SLOT_IN_POOL'],
    ],
    [
      'after Christmas (24–26 December are holidays) the working day before is the 23rd',
      { slot: { pool: 'IT' }, dates: ['2026-12-28'], now: at('2026-12-23', '14:00:00') },
      [],
    ],
    [
      'a working Saturday (an additional day) is the working day before Monday',
      {
        slot: { pool: 'IT' },
        dates: ['2026-12-14'],
        now: at('2026-12-11', '15:00:00'),
        additionalDays: [{ day: '2026-12-12', typeOfDay: 'WORK' }],
      },
      ['SLOT_IN_POOL'],
    ],
    [
      'a day off (an additional holiday) is skipped',
      {
        slot: { pool: 'IT' },
        dates: [THURSDAY],
        now: at(TUESDAY, '14:00:00'),
        additionalDays: [{ day: WEDNESDAY, typeOfDay: 'HOLIDAY' }],
      },
      [],
    ],
    [
      'a series takes the pool’s slot only when each of its days is released',
      { slot: { pool: 'IT' }, dates: [WEDNESDAY, THURSDAY], now: at(TUESDAY, '15:00:00') },
      ['SLOT_IN_POOL'],
    ],
    [
      'an administrator reserves it for anybody',
      { slot: { pool: 'IT' }, dates: [WEDNESDAY], now: at(TUESDAY, '08:00:00'), isAdministrator: true },
      [],
    ],
  ])('%s', async (_name, each, expected) => {
    expect(await refusals(each)).toEqual(expected);
  });

  it('says until when: the latest release of the days not yet released', () => {
    const pool = {
      groupName: 'IT',
      poolReleaseTime: '14:00:00',
      poolReleaseWorkingDaysBefore: 1,
      isMember: false,
    };
    const calendar = workingCalendar([]);
    expect(poolRelease(WEDNESDAY, pool, calendar, zone)).toEqual(new Date('2026-12-01T13:00:00Z'));
    expect(poolClosedUntil(pool, [WEDNESDAY, THURSDAY], at(TUESDAY, '15:00:00'), calendar, zone)).toEqual(
      new Date('2026-12-02T13:00:00Z'),
    );
    expect(
      poolClosedUntil({ ...pool, isMember: true }, [WEDNESDAY], at(TUESDAY, '08:00:00'), calendar, zone),
    ).toBe(null);
  });
});

describe('accessible and charging slots, in TypeScript and in SQL', () => {
  it.each<[string, Case, string[]]>([
    [
      'an accessible slot, for a permit holder a day ahead',
      {
        slot: { isAccessible: true },
        owner: { permit: true },
        dates: [WEDNESDAY],
        now: at(TUESDAY, '09:00:00'),
      },
      [],
    ],
    [
      'an accessible slot, for somebody else a day ahead',
      { slot: { isAccessible: true }, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['SLOT_FOR_PERMIT_HOLDERS'],
    ],
    [
      'an accessible slot, for somebody else 31 minutes before its start',
      { slot: { isAccessible: true }, dates: [WEDNESDAY], now: at(WEDNESDAY, '08:29:00') },
      ['SLOT_FOR_PERMIT_HOLDERS'],
    ],
    [
      'an accessible slot, for somebody else 30 minutes before its start',
      { slot: { isAccessible: true }, dates: [WEDNESDAY], now: at(WEDNESDAY, '08:30:00') },
      [],
    ],
    [
      'the configured time before the start: two hours',
      {
        slot: { isAccessible: true },
        dates: [WEDNESDAY],
        now: at(WEDNESDAY, '07:00:00'),
        releaseMinutes: 120,
      },
      [],
    ],
    [
      'a charger, an electric car',
      { slot: { hasCharger: true }, car: 'electric', dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      [],
    ],
    [
      'a charger, a petrol car',
      { slot: { hasCharger: true }, car: 'petrol', dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['SLOT_FOR_ELECTRIC_CARS'],
    ],
    [
      'a charger, no car of ours (a guest)',
      { slot: { hasCharger: true }, car: 'none', dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['SLOT_FOR_ELECTRIC_CARS'],
    ],
    [
      'an electric car on a slot without a charger',
      { slot: {}, car: 'electric', dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      [],
    ],
  ])('%s', async (_name, each, expected) => {
    expect(await refusals(each)).toEqual(expected);
  });
});

describe('the rules together, in TypeScript and in SQL', () => {
  const accessiblePool: Slot = { pool: 'IT', isAccessible: true };
  it.each<[string, Case, string[]]>([
    [
      'a pool slot that is also accessible: a member with a permit',
      {
        slot: accessiblePool,
        owner: { memberOf: 'IT', permit: true },
        dates: [WEDNESDAY],
        now: at(TUESDAY, '09:00:00'),
      },
      [],
    ],
    [
      'a pool slot that is also accessible: a member without a permit, a day ahead',
      { slot: accessiblePool, owner: { memberOf: 'IT' }, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['SLOT_FOR_PERMIT_HOLDERS'],
    ],
    [
      'a pool slot that is also accessible: a permit holder of no group, before the release',
      { slot: accessiblePool, owner: { permit: true }, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['SLOT_IN_POOL'],
    ],
    [
      'a pool slot that is also accessible: nobody special, after the release but a day ahead',
      { slot: accessiblePool, dates: [WEDNESDAY], now: at(TUESDAY, '15:00:00') },
      ['SLOT_FOR_PERMIT_HOLDERS'],
    ],
    [
      'a pool slot that is also accessible: nobody special, half an hour before',
      { slot: accessiblePool, dates: [WEDNESDAY], now: at(WEDNESDAY, '08:30:00') },
      [],
    ],
    [
      'everything at once, each refusal said',
      {
        slot: { pool: 'IT', isAccessible: true, hasCharger: true },
        dates: [WEDNESDAY],
        now: at(TUESDAY, '09:00:00'),
      },
      ['SLOT_IN_POOL', 'SLOT_FOR_PERMIT_HOLDERS', 'SLOT_FOR_ELECTRIC_CARS'],
    ],
    [
      'everything at once, for an administrator',
      {
        slot: { pool: 'IT', isAccessible: true, hasCharger: true },
        dates: [WEDNESDAY],
        now: at(TUESDAY, '09:00:00'),
        isAdministrator: true,
      },
      [],
    ],
  ])('%s', async (_name, each, expected) => {
    expect(await refusals(each)).toEqual(expected);
  });
});

describe('an assigned slot among the rules, in TypeScript and in SQL', () => {
  const colleagues: Slot = { assigned: { to: 'colleague' } };
  const givenBack: Slot = { assigned: { to: 'colleague', givenBack: [WEDNESDAY] } };
  const everything: Slot = {
    pool: 'IT',
    isAccessible: true,
    hasCharger: true,
    assigned: { to: 'colleague' },
  };
  it.each<[string, Case, string[]]>([
    [
      'a colleague’s slot on a day they keep',
      { slot: colleagues, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['ASSIGNED_SLOT_NOT_RELEASED'],
    ],
    [
      'a colleague’s slot on a day they gave back',
      { slot: givenBack, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      [],
    ],
    [
      'a colleague’s slot given back on one of the two days asked',
      { slot: givenBack, dates: [WEDNESDAY, THURSDAY], now: at(TUESDAY, '09:00:00') },
      ['ASSIGNED_SLOT_NOT_RELEASED'],
    ],
    [
      'the owner’s own slot',
      { slot: { assigned: { to: 'owner' } }, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      [],
    ],
    [
      'a colleague’s slot, for an administrator: who would hold the slot counts',
      { slot: colleagues, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00'), isAdministrator: true },
      ['ASSIGNED_SLOT_NOT_RELEASED'],
    ],
    [
      'a colleague’s pool slot given back, before the pool’s release',
      { slot: { ...givenBack, pool: 'IT' }, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['SLOT_IN_POOL'],
    ],
    [
      'a colleague’s pool slot given back, after the pool’s release',
      { slot: { ...givenBack, pool: 'IT' }, dates: [WEDNESDAY], now: at(TUESDAY, '14:00:00') },
      [],
    ],
    [
      'everything at once on a colleague’s day, each refusal said',
      { slot: everything, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00') },
      ['ASSIGNED_SLOT_NOT_RELEASED', 'SLOT_IN_POOL', 'SLOT_FOR_PERMIT_HOLDERS', 'SLOT_FOR_ELECTRIC_CARS'],
    ],
    [
      'everything at once on a colleague’s day, for an administrator',
      { slot: everything, dates: [WEDNESDAY], now: at(TUESDAY, '09:00:00'), isAdministrator: true },
      ['ASSIGNED_SLOT_NOT_RELEASED'],
    ],
  ])('%s', async (_name, each, expected) => {
    expect(await refusals(each)).toEqual(expected);
  });
});
