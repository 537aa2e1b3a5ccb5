import { type RawBuilder, sql } from 'kysely';
import { ref } from '../../engine/source.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { carPlateOfSql } from '../cars/index.ts';
import { configuredDaySql } from '../configuration/index.ts';

/*
 * [Pools] The owners of assigned slots a doorman expects: the doorman's screen (ExpectedOwner, source.ts) and the
 * morning summary mail (modules/doormen) read the same columns, each with the rule of who comes that day.
 */

type Sql = RawBuilder<unknown>;

const ownerColumn = (column: string) => (alias: string) =>
  sql`(SELECT o.${sql.raw(column)} FROM users o WHERE o.id = ${ref(alias, 'assigned_to_id')})`;

/**
 * The owner's working hours' end or start, else the configured one's: a `time`, as the filters compare it (as
 * text, a filter on it failed: text = time).
 */
const ownerHours =
  (column: 'start_of_working_time' | 'end_of_working_time', configured: string) => (alias: string) =>
    sql`coalesce(${ownerColumn(column)(alias)}, (SELECT c.${sql.raw(configured)} FROM ${configuredDaySql} c))`;

/** ExpectedOwner's columns over an assigned slot row. */
export const expectedOwnerColumns = {
  ownerName: ownerColumn('name'),
  ownerCarPlate: (alias: string) => carPlateOfSql(ref(alias, 'assigned_to_id')),
  parkingSlotInformation: (alias: string) => ref(alias, 'aggregared_name'),
  startTime: ownerHours('start_of_working_time', 'working_hours_start'),
  endTime: ownerHours('end_of_working_time', 'working_hours_end'),
};

export type ExpectedOwnerRow = {
  ownerName: string;
  ownerCarPlate: string | null;
  parkingSlotInformation: string;
  garageName: string;
  startTime: string;
  endTime: string;
};

/** The slots of `garageIds` (SQL of a list) whose owner `expected` says comes, by start and slot name. */
export async function loadExpectedOwners(
  db: Executor,
  expected: (alias: string) => Sql,
  garageIds: Sql,
): Promise<ExpectedOwnerRow[]> {
  const columns = Object.entries(expectedOwnerColumns).map(
    ([name, column]) => sql`${column('s')} AS ${sql.ref(name)}`,
  );
  const found = await sql<ExpectedOwnerRow>`SELECT ${sql.join(columns)}, g.name AS ${sql.ref('garageName')}
    FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id
    WHERE s.parking_garage_id IN ${garageIds} AND ${expected('s')}
    ORDER BY ${sql.ref('startTime')}, s.aggregared_name`.execute(db);
  return found.rows;
}
