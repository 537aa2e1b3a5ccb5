import type { LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseOfFile } from '../../../../test/world.ts';
import type { DB } from '../../../platform/db/schema.ts';
import {
  type AssignedSlot,
  assignedSlotJsonSql,
  assignedSlotOfferedSql,
  isAssignedSlotOffered,
  ownerDaysSql,
} from './assigned-slot.ts';

/*
 * Whether an assigned slot is offered to a user on some days, in TypeScript and in SQL: each case stores a slot
 * assigned to an owner of its own (or to nobody), the owner's holidays and given-back days, and the SQL twin
 * (what the free-slot range, the waitlist and the draw read) must answer what the function answers on the
 * AssignedSlot the facts of a create read (assignedSlotJsonSql).
 */

const db: Kysely<DB> = (await databaseOfFile({ demoData: false })).db.withoutPlugins();

let cases = 0;

const one = async <T>(query: ReturnType<typeof sql<T>>): Promise<T> => {
  const found = await query.execute(db);
  return found.rows[0] as T;
};

const newUser = async (label: string, active = true): Promise<string> =>
  (
    await one(sql<{ id: string }>`INSERT INTO users (email, name, is_active)
      VALUES (${`${label}${cases}@parkhere.example`}, ${label}, ${active}) RETURNING id::text AS id`)
  ).id;

type Case = {
  /** No owner: the slot is assigned to nobody. */
  owner?: { active?: boolean; holidays?: [LocalDate, LocalDate][]; released?: LocalDate[] };
  /** Days a former owner gave back before the slot was assigned to this one. */
  releasedByFormerOwner?: LocalDate[];
  /** Who asks: somebody else, or the owner. */
  asker?: 'other' | 'owner';
  dates: LocalDate[];
};

async function inBoth(example: Case): Promise<boolean> {
  cases += 1;
  const garage = await one(sql<{ id: string }>`INSERT INTO parking_garages (name)
    VALUES (${`Garage ${cases}`}) RETURNING id::text AS id`);
  const other = await newUser('other');
  const ownerId = example.owner === undefined ? null : await newUser('owner', example.owner.active ?? true);
  const slot = await one(sql<{
    id: string;
  }>`INSERT INTO parking_slots (parking_garage_id, name, floor, assigned_to_id)
    VALUES (${garage.id}::bigint, 'A1', 0, ${ownerId}::bigint) RETURNING id::text AS id`);
  for (const [start, end] of example.owner?.holidays ?? []) {
    await sql`INSERT INTO holidays (user_id, start_date, end_date)
      VALUES (${ownerId}::bigint, ${start}::date, ${end}::date)`.execute(db);
  }
  for (const date of example.owner?.released ?? []) {
    await sql`INSERT INTO assigned_slot_releases (parking_slot_id, date, owner_id)
      VALUES (${slot.id}::bigint, ${date}::date, ${ownerId}::bigint)`.execute(db);
  }
  if ((example.releasedByFormerOwner ?? []).length > 0) {
    const former = await newUser('former');
    for (const date of example.releasedByFormerOwner ?? []) {
      await sql`INSERT INTO assigned_slot_releases (parking_slot_id, date, owner_id)
        VALUES (${slot.id}::bigint, ${date}::date, ${former}::bigint)`.execute(db);
    }
  }
  const asker = example.asker === 'owner' && ownerId !== null ? ownerId : other;
  const askerSql = sql`${asker}::bigint`;
  const found = await one(sql<{ assigned: AssignedSlot | null; offered: boolean; ownerDays: string[] }>`SELECT
      ${assignedSlotJsonSql('s')} AS assigned,
      ${assignedSlotOfferedSql('s', askerSql, example.dates)} AS offered,
      to_json(${ownerDaysSql('s', askerSql, example.dates)}) AS "ownerDays"
    FROM parking_slots s WHERE s.id = ${slot.id}::bigint`);
  const inTypeScript = example.dates.every((date) => isAssignedSlotOffered(found.assigned, asker, date));
  expect(found.offered).toBe(inTypeScript);
  // The owner's days of the whole series, read once (as the availability reads them per slot), are the days
  // the rule refuses one at a time, and each day judged against them answers as the day judged alone.
  expect(found.ownerDays).toEqual(
    example.dates.filter((date) => !isAssignedSlotOffered(found.assigned, asker, date)),
  );
  for (const date of example.dates) {
    const day = await one(
      sql<{ offered: boolean }>`SELECT ${assignedSlotOfferedSql(
        's',
        askerSql,
        sql`ARRAY[${date}::date]`,
        ownerDaysSql('s', askerSql, example.dates),
      )} AS offered FROM parking_slots s WHERE s.id = ${slot.id}::bigint`,
    );
    expect(day.offered).toBe(isAssignedSlotOffered(found.assigned, asker, date));
  }
  return inTypeScript;
}

const MON = '2026-12-07';
const TUE = '2026-12-08';
const WED = '2026-12-09';

describe('an assigned slot offered on some days, in TypeScript and in SQL', () => {
  it.each<[string, Case, boolean]>([
    ['a slot assigned to nobody is offered', { dates: [MON] }, true],
    ['an assigned slot is its owner’s on an ordinary day', { owner: {}, dates: [MON] }, false],
    ['its owner is offered it any day', { owner: {}, asker: 'owner', dates: [MON, TUE] }, true],
    ['a day the owner gave back is offered', { owner: { released: [MON] }, dates: [MON] }, true],
    ['the day after a given-back one is not', { owner: { released: [MON] }, dates: [TUE] }, false],
    ['a day of the owner’s holiday is offered', { owner: { holidays: [[MON, WED]] }, dates: [TUE] }, true],
    ['the day after the holiday is not', { owner: { holidays: [[MON, TUE]] }, dates: [WED] }, false],
    [
      'a series: every day must be away (holiday, then given back)',
      { owner: { holidays: [[MON, MON]], released: [TUE] }, dates: [MON, TUE] },
      true,
    ],
    [
      'a series with one day the owner comes is not',
      { owner: { released: [MON] }, dates: [MON, TUE] },
      false,
    ],
    ['a deactivated owner’s slot is offered', { owner: { active: false }, dates: [MON] }, true],
    [
      'days a former owner gave back do not count for the new owner',
      { owner: {}, releasedByFormerOwner: [MON], dates: [MON] },
      false,
    ],
    ['no day asked yet: offered, as the range lists every slot', { owner: {}, dates: [] }, true],
  ])('%s', async (_name, example, expected) => {
    expect(await inBoth(example)).toBe(expected);
  });
});
