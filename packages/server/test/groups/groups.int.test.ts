import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Requests, update, withId } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { userOperation, usersRowOf } from '../users/users-table.ts';
import { userIdOf, worldOfFile } from '../world.ts';

/*
 * [Pools] Groups as administrators manage them (Actor/groups of GroupSettings): create, list, change and
 * delete with members picked from the users, refusals with their own codes that store nothing, everybody else
 * refused and shown nothing, the audit log's entries, and what becomes of a member who leaves or is erased.
 */

const { server, admin, user } = await worldOfFile({ users: ['admin', 'user'] });
const db = server.db;

const GROUPS = '/services/Actor/groups/~list';
const CREATE = '/services/Actor/~update/groups/~create';

/** A user as the members picker offers them (the relation's range), by email. */
const pickUser = async (email: string) => {
  const [found] = await admin.json<Entity[]>('/services/GroupSettings/members/~range', {
    owner: {},
    queryCustomizer: { email: [{ operator: 'equal', value: email }] },
  });
  return { __signedIdentifier: (found as Entity).__signedIdentifier };
};

const groupNamed = async (name: string) =>
  (await admin.json<Entity[]>(GROUPS, { name: [{ operator: 'equal', value: name }] }))[0];

const memberEmails = async (group: Entity) =>
  (
    await admin.json<Entity[]>(
      '/services/GroupSettings/members/~list',
      { _mask: '{email}' },
      withId(group.__signedIdentifier),
    )
  ).map((member) => member.email);

const countGroups = async () =>
  Number((await sql<{ count: string }>`SELECT count(*) AS count FROM groups`.execute(db)).rows[0]?.count);

const refusal = async (caller: Requests, path: string, body: unknown) => {
  const answer = await caller.answer({ method: 'POST', path, body });
  return { status: answer.status, body: answer.body };
};

describe('groups as administrators manage them', () => {
  it('creates a group with its rules and members; the defaults fill what is not said', async () => {
    const created = await admin.json<Entity>(CREATE, {
      name: '  Shift staff ',
      externalId: 'dir-shift',
      maxDaysInAdvance: 30,
      maxNormalReservation: 8,
      members: [await pickUser('user@parkhere.example')],
    });
    expect(created).toMatchObject({
      __entityType: 'ParkHere::GroupSettings',
      name: 'Shift staff',
      externalId: 'dir-shift',
      maxDaysInAdvance: 30,
      maxNormalReservation: 8,
      maxLongReservation: null,
      poolReleaseTime: '14:00:00',
      poolReleaseWorkingDaysBefore: 1,
    });
    expect(await memberEmails(created)).toEqual(['user@parkhere.example']);
    const template = (await (await admin.get('/services/GroupSettings/~template')).json()) as Entity;
    expect(template).toMatchObject({ poolReleaseTime: '14:00:00', poolReleaseWorkingDaysBefore: 1 });
  });

  it('changes rules and members, and deletes a group with its memberships', async () => {
    const group = (await groupNamed('Shift staff')) as Entity;
    const changed = await update(admin, 'GroupSettings', group, {
      ...group,
      maxLongReservation: 3,
      externalId: '  ',
    });
    expect(changed.status).toBe(200);
    // A blank directory id is none.
    expect(await changed.json()).toMatchObject({ maxLongReservation: 3, externalId: null });
    const path = '/services/GroupSettings/~update/members';
    await admin.json(
      `${path}/~add`,
      [await pickUser('admin@parkhere.example')],
      withId(group.__signedIdentifier),
    );
    expect((await memberEmails(group)).sort()).toEqual(['admin@parkhere.example', 'user@parkhere.example']);

    const doomed = await admin.json<Entity>(CREATE, {
      name: 'Doomed',
      members: [await pickUser('user@parkhere.example')],
    });
    const deleted = await admin.post(
      '/services/GroupSettings/~delete',
      undefined,
      withId(doomed.__signedIdentifier),
    );
    expect(deleted.status).toBe(200);
    expect(await groupNamed('Doomed')).toBeUndefined();
    const left = await sql<{ count: string }>`SELECT count(*) AS count FROM group_members m
      JOIN users u ON u.id = m.user_id WHERE u.email = 'user@parkhere.example'`.execute(db);
    expect(Number(left.rows[0]?.count)).toBe(1);
  });

  it('refuses a taken name (any case) or directory id and rules out of bounds, storing nothing', async () => {
    const before = await countGroups();
    expect(await refusal(admin, CREATE, { name: 'SHIFT STAFF' })).toEqual({
      status: 400,
      body: [expect.objectContaining({ code: 'UNIQUE_CONSTRAINT_VIOLATED', location: 'name' })],
    });
    await admin.json(CREATE, { name: 'Night shift', externalId: 'dir-night' });
    expect(await refusal(admin, CREATE, { name: 'Day shift', externalId: 'dir-night' })).toEqual({
      status: 400,
      body: [expect.objectContaining({ code: 'UNIQUE_CONSTRAINT_VIOLATED', location: 'externalId' })],
    });
    for (const [attribute, value] of [
      ['maxDaysInAdvance', 366],
      ['maxDaysInAdvance', -1],
      ['maxNormalReservation', 101],
      ['maxLongReservation', -1],
      ['poolReleaseWorkingDaysBefore', 31],
    ] as const) {
      expect(await refusal(admin, CREATE, { name: 'Out of bounds', [attribute]: value }), attribute).toEqual({
        status: 400,
        body: [expect.objectContaining({ code: 'GROUP_RULE_OUT_OF_RANGE', location: attribute })],
      });
    }
    expect(await refusal(admin, CREATE, { maxDaysInAdvance: 30 })).toEqual({
      status: 400,
      body: [expect.objectContaining({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'name' })],
    });
    expect(await refusal(admin, CREATE, { name: 'Bad time', poolReleaseTime: '25:00' })).toMatchObject({
      status: 400,
    });
    expect(await countGroups()).toBe(before + 1);
  });

  it('is the administrators’ alone: others are refused and see no group', async () => {
    const group = (await groupNamed('Shift staff')) as Entity;
    for (const [path, body, headers] of [
      [GROUPS, {}, {}],
      [CREATE, { name: 'Mine' }, {}],
      ['/services/GroupSettings/~get', undefined, withId(group.__signedIdentifier)],
      ['/services/GroupSettings/~update', { ...group, name: 'Mine' }, withId(group.__signedIdentifier)],
      ['/services/GroupSettings/~delete', undefined, withId(group.__signedIdentifier)],
    ] as const) {
      const answer = await user.post(path, body, headers);
      expect(answer.status, path).toBe(403);
    }
    expect((await groupNamed('Shift staff'))?.name).toBe('Shift staff');
  });

  it('records every change of a group and its members in the audit log', async () => {
    const entries = await sql<{ table: string; action: string }>`SELECT table_name AS table, action
      FROM audit_log WHERE table_name IN ('groups', 'group_members') ORDER BY id`.execute(db);
    const seen = new Set(entries.rows.map((entry) => `${entry.table} ${entry.action}`));
    for (const expected of [
      'groups INSERT',
      'groups UPDATE',
      'groups DELETE',
      'group_members INSERT',
      'group_members DELETE',
    ]) {
      expect(seen, expected).toContain(expected);
    }
  });
});

describe('a member who leaves or is erased', () => {
  it('lists the user’s groups in their own copy of their data', async () => {
    const data = (await user.answer({ method: 'GET', path: '/personal-data' })).body as {
      groups: { name: string; maxDaysInAdvance: number }[];
    };
    expect(data.groups).toEqual([expect.objectContaining({ name: 'Shift staff', maxDaysInAdvance: 30 })]);
  });

  it('keeps a leaver’s memberships and removes an erased person’s', async () => {
    const email = 'leaving@parkhere.example';
    await sql`INSERT INTO users (email, name) VALUES (${email}, 'Lea Leaving')`.execute(db);
    const leaverId = await userIdOf(server, email);
    const group = (await groupNamed('Shift staff')) as Entity;
    await admin.json(
      '/services/GroupSettings/~update/members/~add',
      [await pickUser(email)],
      withId(group.__signedIdentifier),
    );
    const memberships = async () =>
      Number(
        (
          await sql<{ count: string }>`SELECT count(*) AS count FROM group_members
            WHERE user_id = ${leaverId}`.execute(db)
        ).rows[0]?.count,
      );
    const usersRow = usersRowOf(admin);
    expect((await update(admin, 'UserSettings', await usersRow(email), { isActive: false })).status).toBe(
      200,
    );
    expect(await memberships()).toBe(1);
    expect((await userOperation(admin, 'anonymise', await usersRow(email))).status).toBe(200);
    expect(await memberships()).toBe(0);
    expect(await memberEmails(group)).not.toContain(email);
  });
});
