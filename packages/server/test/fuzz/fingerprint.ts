import { sql } from 'kysely';
import type { TestServer } from '../world.ts';

/** Every table of the model; the IdP's own records (sign-in payloads) are not the API's to change. */
const TABLES = [
  'users',
  'cars',
  'parking_garages',
  'parking_slots',
  'reservations',
  'holidays',
  'additional_days',
  'configuration',
  'doormen',
  'doorman_garages',
  'user_accessed_garages',
  'user_id_card_garages',
  'files',
] as const;

/**
 * A hash of every row of every model table: equal fingerprints mean nothing was written. The demo world is
 * small, so hashing it whole is cheaper than being clever.
 */
export async function fingerprint(server: TestServer): Promise<string> {
  const parts = TABLES.map((table) => {
    const name = sql.table(table);
    return sql<string>`(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${name} t)`;
  });
  const { rows } = await sql<{
    hash: string;
  }>`SELECT md5(concat_ws(',', ${sql.join(parts)})) AS hash`.execute(server.app.database.db);
  return rows[0]?.hash ?? '';
}
