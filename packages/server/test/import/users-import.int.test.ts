import type { ImportAnswer } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { auditMark, auditSince } from '../audit/audit-log.ts';
import { userIdOf, worldOfFile } from '../world.ts';
import { footprint, outline, postImport, refusedWhole } from './import-client.ts';

/*
 * Importing users from a CSV file (issue 30, item 1) over HTTP, as an administrator: a dry run answers every
 * row's action and problems and changes nothing; applying writes the whole file in one transaction through
 * the Users table's create and update (audited as the administrator), or nothing of it when a row is refused
 * (422, the same answer); the same file twice changes nothing the second time. The `groups` column sets a
 * user's memberships by the groups' names. A user is 403.
 */
const { server, admin, user } = await worldOfFile({ users: ['admin', 'user'] });
const db = server.db;
// Their first calls provision their sign-ins (audited): done before any footprint is taken.
for (const caller of [admin, user]) {
  expect((await caller.get('/services/Actor/~principal')).status).toBe(200);
}
const importUsers = (file: string, options: { dryRun?: boolean; language?: string } = {}) =>
  postImport(server.url, admin.token, 'users', file, options);

const HEADER =
  'email,name,isNormalReservation,isGuestReservation,startOfWorkingTime,endOfWorkingTime,maxNormalReservation,garages,idCardGarages,groups';
// Row 2 a new user in both garages, row 3 the demo user as stored (unchanged), row 4 the quick user changed.
const GOOD = [
  HEADER,
  'nora@parkhere.example,Nora Newhire,igen,false,7:30,15:30,7,HQ Garage|riverside garage,HQ Garage,',
  'user@parkhere.example,,,,,,,HQ Garage,HQ Garage,',
  'quick@parkhere.example,Quentin Quick,true,,,,3,Riverside Garage,,',
].join('\n');

/** A user as the database holds them: what the file sets, and the garages they use and hold an ID card for. */
const userRow = async (email: string) =>
  (
    await sql<Record<string, unknown>>`SELECT name, is_normal_reservation, is_guest_reservation,
        is_quick_reservation, start_of_working_time::text AS start, end_of_working_time::text AS end,
        max_normal_reservation, max_long_reservation,
        ARRAY(SELECT g.name FROM user_accessed_garages a JOIN parking_garages g ON g.id = a.parking_garage_id
          WHERE a.user_id = u.id ORDER BY 1) AS garages,
        ARRAY(SELECT g.name FROM user_id_card_garages a JOIN parking_garages g ON g.id = a.parking_garage_id
          WHERE a.user_id = u.id ORDER BY 1) AS cards
      FROM users u WHERE email = ${email}`.execute(db)
  ).rows[0];

describe('a dry run', () => {
  it('answers every row with its action and totals and changes nothing', async () => {
    const before = await footprint(db);
    const answer = await importUsers(GOOD, { dryRun: true });
    expect(answer.status).toBe(200);
    expect(outline(answer.body)).toEqual(['2 create', '3 unchanged', '4 update']);
    expect(answer.body).toMatchObject({
      dryRun: true,
      applied: false,
      totals: { create: 1, update: 1, unchanged: 1, refuse: 0 },
    });
    expect(await footprint(db)).toEqual(before);
  });

  it('refuses rows by the Users table rules, each problem at its column, in the caller language', async () => {
    const file = [
      HEADER,
      'nora@parkhere.example,Nora,perhaps,,,,,,,',
      'not an email,Somebody,,,,,,,,',
      'late@parkhere.example,Late,,,17:00,09:00,,,,',
      'new@parkhere.example,,,,,,,,,',
      'far@parkhere.example,Far,,,,,,Nowhere Garage,,',
      'pool@parkhere.example,Pool,,,,,,,,Night shift',
      'nora@parkhere.example,Nora again,,,,,,,,',
      'user@parkhere.example,,,,,,many,,,',
    ].join('\r\n');
    const before = await footprint(db);
    const answer = await importUsers(file, { dryRun: true, language: 'hu-HU,hu;q=0.9' });
    expect(outline(answer.body)).toEqual([
      '2 refuse isNormalReservation:CONVERSION_FAILED',
      '3 refuse email:PATTERN_VALIDATION_FAILED',
      '4 refuse endOfWorkingTime:END_NOT_AFTER_START',
      '5 refuse name:MISSING_REQUIRED_ATTRIBUTE',
      '6 refuse garages:UNKNOWN_GARAGE',
      '7 refuse groups:UNKNOWN_GROUP',
      '8 refuse email:DUPLICATE_IN_FILE',
      '9 refuse maxNormalReservation:CONVERSION_FAILED',
    ]);
    const rows = (answer.body as ImportAnswer).rows;
    expect(rows[4]?.problems[0]?.message).toBe('Nincs ilyen nevű garázs.');
    expect(rows[3]?.problems[0]?.message).toBe('A mező kitöltése kötelező.');
    expect(rows[5]?.problems[0]?.message).toBe('Nincs ilyen nevű csoport.');
    const english = await importUsers(file, { dryRun: true, language: 'en-US' });
    expect((english.body as ImportAnswer).rows[4]?.problems[0]?.message).toBe(
      'There is no garage of this name.',
    );
    expect((english.body as ImportAnswer).rows[5]?.problems[0]?.message).toBe(
      'There is no group of this name.',
    );
    expect(await footprint(db)).toEqual(before);
  });

  it('finds the rows the database refuses among rows the model accepts, a create and an update alike', async () => {
    // A negative quota passes the model's rules; only the users table's check refuses it, at the file's write.
    const file = [
      HEADER,
      'nora@parkhere.example,Nora,,,,,,HQ Garage,,',
      'minus@parkhere.example,Minus,,,,,-1,,,',
      'quick@parkhere.example,,,,,,-1,,,',
    ].join('\n');
    expect(await refusedWhole(db, () => importUsers(file))).toEqual([
      '2 create',
      '3 refuse maxNormalReservation:CHECK_CONSTRAINT_VIOLATED',
      '4 refuse maxNormalReservation:CHECK_CONSTRAINT_VIOLATED',
    ]);
  });
});

describe('applying a file', () => {
  it('with a refused row is 422 with the same answer and changes nothing', async () => {
    const file = `${GOOD}\nbad@parkhere.example,Bad,,,,,,Nowhere Garage,,`;
    const before = await footprint(db);
    const applied = await importUsers(file);
    expect(applied.status).toBe(422);
    expect(applied.body).toMatchObject({ dryRun: false, applied: false, totals: { refuse: 1, create: 1 } });
    const dryRun = await importUsers(file, { dryRun: true });
    expect((applied.body as ImportAnswer).rows).toEqual((dryRun.body as ImportAnswer).rows);
    expect(await footprint(db)).toEqual(before);
  });

  it('writes every row as the Users table would, audited as the administrator', async () => {
    const mark = await auditMark(db);
    const answer = await importUsers(GOOD);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ applied: true, totals: { create: 1, update: 1, unchanged: 1 } });
    // Omitted columns took the defaults of the Users table's create (quick: true, 2 long reservations).
    expect(await userRow('nora@parkhere.example')).toEqual({
      name: 'Nora Newhire',
      isNormalReservation: true,
      isGuestReservation: false,
      isQuickReservation: true,
      start: '07:30:00',
      end: '15:30:00',
      maxNormalReservation: 7,
      maxLongReservation: 2,
      garages: ['HQ Garage', 'Riverside Garage'],
      cards: ['HQ Garage'],
    });
    expect(await userRow('quick@parkhere.example')).toMatchObject({
      name: 'Quentin Quick',
      isNormalReservation: true,
      maxNormalReservation: 3,
      garages: ['Riverside Garage'],
    });
    const adminStamp = `user:${await userIdOf(server, 'admin@parkhere.example')}`;
    const entries = await auditSince(db, mark);
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((entry) => entry.actor.split(' ')[0]))).toEqual(new Set([adminStamp]));
    expect(new Set(entries.map((entry) => entry.table))).toEqual(
      new Set(['users', 'user_accessed_garages', 'user_id_card_garages']),
    );
  });

  it('the same file again changes nothing: every row is unchanged', async () => {
    const before = await footprint(db);
    const again = await importUsers(GOOD);
    expect(again.status).toBe(200);
    expect(outline(again.body)).toEqual(['2 unchanged', '3 unchanged', '4 unchanged']);
    expect(await footprint(db)).toEqual(before);
  });
});

describe('updates', () => {
  it('are written together: one statement for the changed users, one a change of their ID card garages', async () => {
    const file = [
      'email,maxNormalReservation,idCardGarages',
      'user@parkhere.example,11,Riverside Garage',
      'quick@parkhere.example,12,Riverside Garage',
      'nora@parkhere.example,13,Riverside Garage',
    ].join('\n');
    const mark = await auditMark(db);
    const answer = await importUsers(file);
    expect(outline(answer.body)).toEqual(['2 update', '3 update', '4 update']);
    // Each statement's audit entries are one run of ids (the triggers are per statement): written row by row,
    // a user's entries and their garages' would alternate.
    const runs = await sql<{ entry: string }>`SELECT table_name || ' ' || action || ' ' || count(*)
        || CASE WHEN max(id) - min(id) + 1 = count(*) THEN ' in one run' ELSE ' apart' END AS entry
      FROM audit_log WHERE id > ${mark}::bigint GROUP BY table_name, action ORDER BY 1`.execute(db);
    expect(runs.rows.map(({ entry }) => entry)).toEqual([
      'user_id_card_garages DELETE 2 in one run',
      'user_id_card_garages INSERT 3 in one run',
      'users UPDATE 3 in one run',
    ]);
    expect(await userRow('quick@parkhere.example')).toMatchObject({
      maxNormalReservation: 12,
      cards: ['Riverside Garage'],
    });
  });
});

describe('the groups column', () => {
  /** The groups a user is a member of, by name. */
  const groupsOf = async (email: string) =>
    (
      await sql<{ name: string }>`SELECT g.name FROM group_members m JOIN groups g ON g.id = m.group_id
        JOIN users u ON u.id = m.user_id WHERE u.email = ${email} ORDER BY 1`.execute(db)
    ).rows.map(({ name }) => name);
  const membershipEntries = async (mark: string) =>
    (await auditSince(db, mark, 'group_members')).map(
      ({ action, actor }) => `${action} ${actor.split(' ')[0]}`,
    );
  const FILE = [
    'email,name,groups',
    'user@parkhere.example,,night shift|Visitors',
    'quick@parkhere.example,,',
    'gina@parkhere.example,Gina Group,Visitors',
  ];

  it('names groups in any case; a dry run answers the memberships that change, an unknown group is refused', async () => {
    for (const name of ['Night shift', 'Visitors']) {
      await admin.json('/services/Actor/~update/groups/~create', { name });
    }
    const before = await footprint(db);
    const file = [...FILE, 'odd@parkhere.example,Odd,Visitors|Day shift'].join('\n');
    const answer = await importUsers(file, { dryRun: true });
    expect(outline(answer.body)).toEqual([
      '2 update',
      '3 unchanged',
      '4 create',
      '5 refuse groups:UNKNOWN_GROUP',
    ]);
    expect(await footprint(db)).toEqual(before);
  });

  it('sets exactly the groups named, audited as the administrator; the same file again changes nothing', async () => {
    const mark = await auditMark(db);
    const answer = await importUsers(FILE.join('\n'));
    expect(answer.body).toMatchObject({ applied: true, totals: { create: 1, update: 1, unchanged: 1 } });
    expect(await groupsOf('user@parkhere.example')).toEqual(['Night shift', 'Visitors']);
    expect(await groupsOf('gina@parkhere.example')).toEqual(['Visitors']);
    expect(await groupsOf('quick@parkhere.example')).toEqual([]);
    const adminStamp = `user:${await userIdOf(server, 'admin@parkhere.example')}`;
    expect(await membershipEntries(mark)).toEqual(Array(3).fill(`INSERT ${adminStamp}`));
    const before = await footprint(db);
    const again = await importUsers(FILE.join('\n'));
    expect(outline(again.body)).toEqual(['2 unchanged', '3 unchanged', '4 unchanged']);
    expect(await footprint(db)).toEqual(before);
  });

  it('omitted keeps the memberships; an empty cell is none, and a membership kept stays as it is', async () => {
    const renamed = await importUsers('email,name\nuser@parkhere.example,Uma User');
    expect(outline(renamed.body)).toEqual(['2 update']);
    expect(await groupsOf('user@parkhere.example')).toEqual(['Night shift', 'Visitors']);
    const mark = await auditMark(db);
    const answer = await importUsers('email,groups\nuser@parkhere.example,Visitors\ngina@parkhere.example,');
    expect(outline(answer.body)).toEqual(['2 update', '3 update']);
    expect(await groupsOf('user@parkhere.example')).toEqual(['Visitors']);
    expect(await groupsOf('gina@parkhere.example')).toEqual([]);
    expect((await membershipEntries(mark)).map((entry) => entry.split(' ')[0])).toEqual(['DELETE', 'DELETE']);
  });
});

it('is for administrators: a user is 403 and nothing changes', async () => {
  const before = await footprint(db);
  const answer = await postImport(server.url, user.token, 'users', GOOD);
  expect(answer.status).toBe(403);
  expect(await footprint(db)).toEqual(before);
});
