import { API_BASE, type ImportAnswer, type ImportKind, importPath } from '@parkhere/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Executor } from '../../src/platform/db/executor.ts';
import { bearer } from '../tokens.ts';

/* Posting a CSV file to an import as a signed-in caller, and what the database holds of users and slots. */

export type Posted = { status: number; body: unknown };

/** `POST /api/import/{kind}` with `file` (text or bytes) as text/csv; the status and the JSON answer. */
export const postImport = async (
  url: string,
  token: string,
  kind: ImportKind,
  file: string | Uint8Array,
  options: { dryRun?: boolean; language?: string; contentType?: string } = {},
): Promise<Posted> => {
  const response = await fetch(
    `${url}${API_BASE}/${importPath(kind)}${options.dryRun === true ? '?dryRun=true' : ''}`,
    {
      method: 'POST',
      headers: {
        ...bearer(token),
        'content-type': options.contentType ?? 'text/csv; charset=utf-8',
        ...(options.language === undefined ? {} : { 'accept-language': options.language }),
      },
      body: file,
    },
  );
  const text = await response.text();
  return { status: response.status, body: text === '' ? '' : JSON.parse(text) };
};

/** The answer's rows as `row action problem-column:code …`, the way a test reads them at a glance. */
export const outline = (answer: unknown) =>
  (answer as ImportAnswer).rows.map(
    ({ row, action, problems }) =>
      `${row} ${action}${problems.map(({ column, code }) => ` ${column}:${code}`).join('')}`,
  );

/**
 * Every user and slot as the database holds them, with their garages, groups and versions: what no refusal
 * changes.
 */
export const footprint = async (db: Executor) => {
  const users =
    await sql`SELECT u.email, u.name, u.version, u.is_normal_reservation, u.max_normal_reservation,
      u.start_of_working_time::text,
      ARRAY(SELECT g.name FROM user_accessed_garages a JOIN parking_garages g ON g.id = a.parking_garage_id
        WHERE a.user_id = u.id ORDER BY 1) AS garages,
      ARRAY(SELECT g.name FROM group_members m JOIN groups g ON g.id = m.group_id
        WHERE m.user_id = u.id ORDER BY 1) AS groups
    FROM users u ORDER BY u.id`.execute(db);
  const slots =
    await sql`SELECT s.name, s.floor, s.is_active, s.next_to_wall, s.version, s.parking_garage_id::text
    FROM parking_slots s ORDER BY s.id`.execute(db);
  const audit = await sql`SELECT count(*)::int AS entries FROM audit_log`.execute(db);
  return { users: users.rows, slots: slots.rows, audit: audit.rows };
};

/**
 * A file applied with a refused row: 422 and nothing changed in the database. Answers its outline.
 */
export const refusedWhole = async (db: Executor, post: () => Promise<Posted>): Promise<string[]> => {
  const before = await footprint(db);
  const answer = await post();
  expect(answer.status).toBe(422);
  expect(await footprint(db)).toEqual(before);
  return outline(answer.body);
};
