import type { ImportAnswer } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { worldOfFile } from '../world.ts';
import { footprint, outline, postImport } from './import-client.ts';

/*
 * Importing slots from a CSV file (issue 30, item 1), and what every import refuses as a file: a Hungarian
 * Excel's file (a byte-order mark, `;` between fields, Hungarian letters, igen/nem) is read as a comma-separated
 * one is; a slot is its garage and name, created or updated by the Slots table's rules. An empty, binary,
 * non-UTF-8 or oversized body, or a header naming an unknown column or missing a required one, is a 4xx that
 * changes nothing.
 */
const { server, admin } = await worldOfFile({ users: ['admin'] });
const db = server.db;
expect((await admin.get('/services/Actor/~principal')).status).toBe(200);
const importSlots = (file: string | Uint8Array, options: { dryRun?: boolean; contentType?: string } = {}) =>
  postImport(server.url, admin.token, 'slots', file, options);

const slotOf = async (garage: string, name: string) =>
  (
    await sql<Record<string, unknown>>`SELECT s.floor, s.next_to_wall, s.is_exclusive, s.is_active
      FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id
      WHERE g.name = ${garage} AND s.name = ${name}`.execute(db)
  ).rows[0];

// A new slot with Hungarian letters, the demo's A-101 (exclusive) made inactive, B-001 as stored.
const HUNGARIAN = `\ufeffGarage;Name;floor;nextToWall;isExclusive;isActive
hq garage;Árvíztűrő-Ő1;-1;igen;nem;igen
HQ Garage;A-101;-1;;;nem
Riverside Garage;B-001;;;;`;

describe('slots', () => {
  it('a Hungarian Excel file: byte-order mark, semicolons, accented names, igen and nem', async () => {
    const dryRun = await importSlots(HUNGARIAN, { dryRun: true });
    expect(dryRun.status).toBe(200);
    expect(outline(dryRun.body)).toEqual(['2 create', '3 update', '4 unchanged']);
    const applied = await importSlots(HUNGARIAN);
    expect(applied.status).toBe(200);
    expect(await slotOf('HQ Garage', 'Árvíztűrő-Ő1')).toEqual({
      floor: -1,
      nextToWall: true,
      isExclusive: false,
      isActive: true,
    });
    expect(await slotOf('HQ Garage', 'A-101')).toMatchObject({ isActive: false, isExclusive: true });
    const again = await importSlots(HUNGARIAN);
    expect(outline(again.body)).toEqual(['2 unchanged', '3 unchanged', '4 unchanged']);
  });

  it('refuses by the Slots table rules: a missing floor, an unknown garage, a name too long', async () => {
    const file = [
      'garage,name,floor',
      'HQ Garage,Z-1,',
      'Nowhere,Z-2,1',
      `HQ Garage,${'Z'.repeat(51)},1`,
      'HQ Garage,Z-3,first',
      ',Z-4,1',
    ].join('\n');
    const before = await footprint(db);
    const answer = await importSlots(file);
    expect(answer.status).toBe(422);
    expect(outline(answer.body)).toEqual([
      '2 refuse floor:MISSING_REQUIRED_ATTRIBUTE',
      '3 refuse garage:UNKNOWN_GARAGE',
      '4 refuse name:MAX_LENGTH_VALIDATION_FAILED',
      '5 refuse floor:CONVERSION_FAILED',
      '6 refuse garage:MISSING_REQUIRED_ATTRIBUTE',
    ]);
    expect((answer.body as ImportAnswer).totals).toEqual({ create: 0, update: 0, unchanged: 0, refuse: 5 });
    expect(await footprint(db)).toEqual(before);
  });
});

describe('a file that is no CSV table of the kind', () => {
  const latin1 = Buffer.from('garage,name,floor\nHQ Garage,\xc1-1,1\n', 'latin1');
  it.each([
    ['an empty body', '', 400, 'CSV_EMPTY'],
    ['only blanks', ' \r\n\r\n', 400, 'CSV_EMPTY'],
    ['a header alone', 'garage,name,floor\n', 400, 'CSV_NO_ROWS'],
    [
      'binary bytes',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      400,
      'CSV_NOT_TEXT',
    ],
    ['Latin-1 text', new Uint8Array(latin1), 400, 'CSV_NOT_UTF8'],
    ['an unknown column', 'garage,name,colour\nHQ Garage,Z-9,red', 400, 'UNKNOWN_COLUMN'],
    ['no name column', 'garage,floor\nHQ Garage,1', 400, 'MISSING_COLUMN'],
    ['a column twice', 'garage,name,Name\nHQ Garage,Z-9,Z-9', 400, 'DUPLICATE_COLUMN'],
    ['a row of more fields than the header', 'garage,name\nHQ Garage,Z-9,1', 400, 'CSV_MALFORMED'],
    ['an unclosed quote', 'garage,name\n"HQ Garage,Z-9', 400, 'CSV_MALFORMED'],
    ['more than 8 MB', `garage,name\n${'HQ Garage,Z-9\n'.repeat(700_000)}`, 413, 'INVALID_REQUEST'],
  ] as const)('%s is %i %s and changes nothing', async (_what, file, status, code) => {
    const before = await footprint(db);
    const answer = await importSlots(file);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual([expect.objectContaining({ code })]);
    expect(await footprint(db)).toEqual(before);
  });

  it('a JSON body is 400 CSV_EXPECTED', async () => {
    const answer = await importSlots('{"garage":"HQ Garage"}', { contentType: 'application/json' });
    expect(answer).toEqual({ status: 400, body: [expect.objectContaining({ code: 'CSV_EXPECTED' })] });
  });
});
