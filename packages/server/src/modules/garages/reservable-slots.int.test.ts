import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseOfFile } from '../../../test/world.ts';
import type { DB } from '../../platform/db/schema.ts';
import { slotsActorMayReserveFor, slotsUserMayReserve } from './access.ts';

/*
 * The demo world: A-101 is exclusive in garage A, A-105 is not, B-001 is exclusive in garage B; the user
 * reaches garage A, the administrator both.
 */

const db: Kysely<DB> = (await databaseOfFile({ demoData: true })).db.withoutPlugins();

/** The named slots in each set, for the user of `email`. */
const reservable = async (email: string) => {
  const userId = sql`(SELECT u.id FROM users u WHERE u.email = ${email})`;
  const found = await sql<{ name: string; user: boolean; byAdministrator: boolean; byUser: boolean }>`SELECT
      s.name, ${slotsUserMayReserve('s', userId)} AS "user",
      ${slotsActorMayReserveFor('s', userId, true)} AS "byAdministrator",
      ${slotsActorMayReserveFor('s', userId, false)} AS "byUser"
    FROM parking_slots s WHERE s.name IN ('A-101', 'A-105', 'B-001') ORDER BY s.name`.execute(db);
  return found.rows;
};

describe('reservable slots: whose administrator flag decides', () => {
  it("offers a user's exclusive slots only when an administrator reserves for them", async () => {
    expect(await reservable('user@parkhere.example')).toEqual([
      { name: 'A-101', user: false, byAdministrator: true, byUser: false },
      { name: 'A-105', user: true, byAdministrator: true, byUser: true },
      { name: 'B-001', user: false, byAdministrator: false, byUser: false },
    ]);
  });

  it("counts an administrator's exclusive slots among their own, whoever asks", async () => {
    expect(await reservable('admin@parkhere.example')).toEqual([
      { name: 'A-101', user: true, byAdministrator: true, byUser: false },
      { name: 'A-105', user: true, byAdministrator: true, byUser: true },
      { name: 'B-001', user: true, byAdministrator: true, byUser: false },
    ]);
  });
});
