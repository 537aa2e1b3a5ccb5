import { transferTypes } from '@parkhere/contract';
import { sql } from 'kysely';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { createSignedIdentifiers } from '../../src/platform/http/signed-identifier.ts';
import { withId } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { worldOfFile } from '../world.ts';
import { groupBody, patchBody, SCIM_TOKEN, type ScimAnswer, scimClient, userBody } from './scim-client.ts';

/*
 * SCIM 2.0 Groups ([Pools], issue 29, item 1) as Entra ID and Okta drive them over HTTP: the groups
 * administrators keep, created with members, found by displayName or externalId, paged, replaced, patched in
 * both directories' shapes and deleted, every answer valid by SCIMMY's schema classes; and the hostile requests:
 * another tenant's token, ids this server never signed, unknown members, a huge member list, racing PATCHes of
 * one group, a group deleted with its members.
 */
const world = await worldOfFile({
  users: ['admin', 'user', 'quick'],
  jobs: { poll: false },
  env: { SCIM_TOKEN },
});
const { server, admin } = world;
const db = server.db;
const scim = scimClient(server.url);

type Group = { id: string; displayName: string; externalId?: string; members?: { value: string }[] };

const UNIQUENESS = { status: 409, scimType: 'uniqueness' };
const INVALID_VALUE = { status: 400, scimType: 'invalidValue' };
const INVALID_PATH = { status: 400, scimType: 'invalidPath' };

const refusalOf = async (call: Promise<ScimAnswer>) => {
  const { status, body } = await call;
  return { status, scimType: body.scimType };
};

/** A user's SCIM id, by email. */
const userId = async (email: string) => {
  const found = await scim({ path: `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}` });
  return ((found.body.Resources as { id: string }[])[0] as { id: string }).id;
};
const USER = await userId('user@parkhere.example');
const QUICK = await userId('quick@parkhere.example');
const ADMIN = await userId('admin@parkhere.example');

const post = async (body: unknown) => {
  const created = await scim({ method: 'POST', path: '/Groups', body });
  expect(created.status).toBe(201);
  return created.body as Group & { meta: { location: string } };
};
const read = async (id: string) => (await scim({ path: `/Groups/${id}` })).body as Group;
const patch = (id: string, ...operations: unknown[]) =>
  scim({ method: 'PATCH', path: `/Groups/${id}`, body: patchBody(...operations) });
const membersOf = async (id: string) => ((await read(id)).members ?? []).map((member) => member.value).sort();
const byName = (name: string) =>
  scim({ path: `/Groups?filter=${encodeURIComponent(`displayName eq "${name}"`)}` });

const groupCount = async () =>
  Number((await sql<{ count: string }>`SELECT count(*) AS count FROM groups`.execute(db)).rows[0]?.count);

/** The group as administrators see it (Settings › Groups): its rules and members' emails. */
const adminView = async (name: string) => {
  const [group] = await admin.json<Entity[]>('/services/Actor/groups/~list', {
    name: [{ operator: 'equal', value: name }],
  });
  if (group === undefined) {
    return undefined;
  }
  const members = await admin.json<Entity[]>(
    '/services/GroupSettings/members/~list',
    { _mask: '{email}' },
    withId(group.__signedIdentifier),
  );
  return { ...group, members: members.map((member) => member.email).sort() };
};

describe('discovery', () => {
  it('lists Groups beside Users among the resource types and schemas', async () => {
    const types = await scim({ path: '/ResourceTypes' });
    expect(types.body).toMatchObject({ totalResults: 2 });
    expect(types.body.Resources).toContainEqual(
      expect.objectContaining({ id: 'Group', endpoint: '/Groups', schema: SCIMMY.Schemas.Group.id }),
    );
    expect((await scim({ path: '/ResourceTypes/Group' })).body).toMatchObject({
      id: 'Group',
      meta: { location: `${server.url}/scim/v2/ResourceTypes/Group` },
    });
    const schemas = await scim({ path: '/Schemas' });
    expect((schemas.body.Resources as { id: string }[]).map((schema) => schema.id)).toContain(
      SCIMMY.Schemas.Group.id,
    );
    expect((await scim({ path: `/Schemas/${SCIMMY.Schemas.Group.id}` })).status).toBe(200);
  });
});

describe('Groups', () => {
  it('creates a group with its members: 201, the same group administrators see, with no rules of its own', async () => {
    const created = await post(groupBody('Engineering', [USER, QUICK], { externalId: 'entra-eng' }));
    expect(created).toMatchObject({
      displayName: 'Engineering',
      externalId: 'entra-eng',
      meta: { resourceType: 'Group', location: `${server.url}/scim/v2/Groups/${created.id}` },
    });
    const userName = ((await scim({ path: `/Users/${USER}` })).body as { displayName: string }).displayName;
    expect(created.members).toEqual(
      expect.arrayContaining([
        { value: USER, display: userName, $ref: `${server.url}/scim/v2/Users/${USER}`, type: 'User' },
      ]),
    );
    expect(await read(created.id)).toEqual(created);
    expect(await adminView('Engineering')).toMatchObject({
      externalId: 'entra-eng',
      maxDaysInAdvance: null,
      maxNormalReservation: null,
      poolReleaseTime: '14:00:00',
      members: ['quick@parkhere.example', 'user@parkhere.example'],
    });
    const audit = await sql<{ actor: string }>`SELECT DISTINCT actor FROM audit_log
      WHERE table_name = 'groups' AND action = 'INSERT'
        AND row_id::text = (SELECT id::text FROM groups WHERE name = 'Engineering')`.execute(db);
    expect(audit.rows.map((row) => row.actor)).toEqual(['directory:scim']);
  });

  it('refuses a taken displayName (any case) or externalId with 409, a bad group or member with 400, creating nothing', async () => {
    const before = await groupCount();
    const foreign = createSignedIdentifiers('another server’s secret, at least 32 characters long');
    const userRowId = (
      await sql<{ id: string }>`SELECT id FROM users WHERE email = 'user@parkhere.example'`.execute(db)
    ).rows[0]?.id as string;
    const forgedUser = foreign.sign({
      id: userRowId,
      type: transferTypes.UserSettings.entityType,
      version: 0,
    });
    const [engineering] = (await byName('Engineering')).body.Resources as Group[];
    const refusals: [string, unknown, { status: number; scimType: string }][] = [
      ['name in other case', groupBody('ENGINEERING'), UNIQUENESS],
      ['the demo group’s name', groupBody('it'), UNIQUENESS],
      ['externalId', groupBody('Other', [], { externalId: 'entra-eng' }), UNIQUENESS],
      ['no displayName', { schemas: [SCIMMY.Schemas.Group.id] }, INVALID_VALUE],
      ['blank displayName', groupBody('   '), INVALID_VALUE],
      ['long displayName', groupBody('x'.repeat(101)), INVALID_VALUE],
      ['a member of another server', groupBody('Other', [USER, await forgedUser]), INVALID_VALUE],
      ['a group as a member', groupBody('Other', [engineering?.id as string]), INVALID_VALUE],
      ['a made-up member', groupBody('Other', ['42']), INVALID_VALUE],
      ['a member without value', { ...groupBody('Other'), members: [{ display: 'x' }] }, INVALID_VALUE],
      ['a nested group', { ...groupBody('Other'), members: [{ value: USER, type: 'Group' }] }, INVALID_VALUE],
      ['a list', [groupBody('Other')], { status: 400, scimType: 'invalidSyntax' }],
    ];
    for (const [why, body, refusal] of refusals) {
      expect({ why, ...(await refusalOf(scim({ method: 'POST', path: '/Groups', body }))) }).toEqual({
        why,
        ...refusal,
      });
    }
    expect(await groupCount()).toBe(before);
  });

  it('finds groups by displayName (any case) or externalId, pages in id order, and leaves members out when asked', async () => {
    const it = await post(groupBody('Night shift', [ADMIN], { externalId: 'okta-night' }));
    await post(groupBody('Visitors'));
    for (const filter of ['displayName eq "night SHIFT"', 'externalId eq "okta-night"']) {
      const found = await scim({ path: `/Groups?filter=${encodeURIComponent(filter)}` });
      expect(found.body).toMatchObject({ totalResults: 1, itemsPerPage: 1 });
      expect((found.body.Resources as Group[]).map((group) => group.id)).toEqual([it.id]);
    }
    // The demo data's group (IT), and the three of this file so far, in id order.
    const all = await scim({ path: '/Groups' });
    expect(all.body).toMatchObject({ totalResults: 4, startIndex: 1, itemsPerPage: 4 });
    expect((all.body.Resources as Group[]).map((group) => group.displayName)).toEqual([
      'IT',
      'Engineering',
      'Night shift',
      'Visitors',
    ]);
    const page = await scim({ path: '/Groups?startIndex=3&count=1' });
    expect((page.body.Resources as Group[]).map((group) => group.displayName)).toEqual(['Night shift']);
    const lean = await scim({ path: '/Groups?excludedAttributes=members' });
    expect((lean.body.Resources as Group[]).every((group) => group.members === undefined)).toBe(true);
    expect(
      (await scim({ path: `/Groups/${it.id}?excludedAttributes=members` })).body.members,
    ).toBeUndefined();
    for (const filter of [
      'displayName co "IT"',
      'members.value eq "x"',
      'displayName eq "a" or displayName eq "b"',
    ]) {
      expect(await refusalOf(scim({ path: `/Groups?filter=${encodeURIComponent(filter)}` }))).toEqual({
        status: 400,
        scimType: 'invalidFilter',
      });
    }
  });

  it('replaces a group with PUT: its name, directory id and members, keeping the rules administrators set', async () => {
    const [night] = (await byName('Night shift')).body.Resources as Group[];
    const id = (night as Group).id;
    await sql`UPDATE groups SET max_days_in_advance = 30 WHERE name = 'Night shift'`.execute(db);
    const put = await scim({
      method: 'PUT',
      path: `/Groups/${id}`,
      body: groupBody('Night crew', [USER, QUICK], { externalId: 'okta-night-2' }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, displayName: 'Night crew', externalId: 'okta-night-2' });
    expect(await adminView('Night crew')).toMatchObject({
      maxDaysInAdvance: 30,
      members: ['quick@parkhere.example', 'user@parkhere.example'],
    });
  });
});

describe('PATCH', () => {
  const groupNamed = async (name: string) => ((await byName(name)).body.Resources as Group[])[0] as Group;

  it('takes Entra ID’s shapes: Add and Remove members by value, Replace displayName and externalId', async () => {
    const { id } = await groupNamed('Visitors');
    const added = await patch(id, { op: 'Add', path: 'members', value: [{ value: USER }, { value: QUICK }] });
    expect(added.status).toBe(200);
    expect(await membersOf(id)).toEqual([USER, QUICK].sort());
    await patch(id, { op: 'Remove', path: 'members', value: [{ value: QUICK }] });
    expect(await membersOf(id)).toEqual([USER]);
    const renamed = await patch(
      id,
      { op: 'Replace', path: 'displayName', value: 'Guests' },
      { op: 'Replace', path: 'externalId', value: 'entra-guests' },
    );
    expect(renamed.body).toMatchObject({ id, displayName: 'Guests', externalId: 'entra-guests' });
    expect((await adminView('Guests'))?.members).toEqual(['user@parkhere.example']);
  });

  it('takes Okta’s shapes: remove members[value eq "…"], replace a value object, replace the members', async () => {
    const { id } = await groupNamed('Guests');
    await patch(id, { op: 'add', path: 'members', value: [{ value: QUICK, display: 'Quick' }] });
    await patch(id, { op: 'remove', path: `members[value eq "${USER}"]` });
    expect(await membersOf(id)).toEqual([QUICK]);
    const renamed = await patch(id, { op: 'replace', value: { id, displayName: 'Okta guests' } });
    expect(renamed.body).toMatchObject({ displayName: 'Okta guests', externalId: 'entra-guests' });
    await patch(id, { op: 'replace', path: 'members', value: [{ value: ADMIN }, { value: USER }] });
    expect(await membersOf(id)).toEqual([ADMIN, USER].sort());
    await patch(id, { op: 'add', value: { members: [{ value: QUICK }] } });
    expect(await membersOf(id)).toHaveLength(3);
    await patch(id, { op: 'remove', path: 'externalId' });
    expect((await read(id)).externalId).toBeUndefined();
    await patch(id, { op: 'remove', path: 'members' });
    expect(await membersOf(id)).toEqual([]);
  });

  it('refuses what it cannot apply with 400, changing nothing; an unknown or removed member id removes nothing', async () => {
    const { id } = await groupNamed('Okta guests');
    await patch(id, { op: 'add', path: 'members', value: [{ value: USER }] });
    const before = await read(id);
    const refusals: [unknown[], { status: number; scimType: string }][] = [
      [[{ op: 'add', path: 'members', value: [{ value: QUICK }, { value: 'forged' }] }], INVALID_VALUE],
      [
        [
          { op: 'add', path: 'members', value: [{ value: QUICK }] },
          { op: 'remove', path: 'displayName' },
        ],
        INVALID_VALUE,
      ],
      [[{ op: 'replace', path: 'displayName', value: 42 }], INVALID_VALUE],
      [[{ op: 'replace', path: 'displayName', value: 'Night crew' }], UNIQUENESS],
      [[{ op: 'replace', path: 'owner', value: 'x' }], INVALID_PATH],
      [[{ op: 'add', path: `members[value eq "${QUICK}"]`, value: [{ value: QUICK }] }], INVALID_PATH],
      [[{ op: 'replace', value: { favouriteColour: 'blue' } }], INVALID_PATH],
      [[{ op: 'jump', path: 'members', value: [] }], { status: 400, scimType: 'invalidSyntax' }],
    ];
    for (const [operations, refusal] of refusals) {
      expect({ operations, ...(await refusalOf(patch(id, ...operations))) }).toEqual({
        operations,
        ...refusal,
      });
    }
    expect(await read(id)).toEqual(before);
    const removed = await patch(
      id,
      { op: 'remove', path: 'members', value: [{ value: 'forged' }, { value: QUICK }] },
      { op: 'remove', path: 'members[value eq "nobody"]' },
    );
    expect(removed.status).toBe(200);
    expect(await membersOf(id)).toEqual([USER]);
  });
});

describe('hostile requests', () => {
  it('another tenant’s token is 401 and changes nothing', async () => {
    const { id } = ((await byName('Okta guests')).body.Resources as Group[])[0] as Group;
    const before = await read(id);
    const other = 'another-tenant-token-0123456789abcdefghij';
    expect((await scim({ path: '/Groups', token: other })).status).toBe(401);
    expect((await scim({ path: `/Groups/${id}`, token: other })).status).toBe(401);
    const calls = [
      scim({ method: 'POST', path: '/Groups', body: groupBody('Intruders'), token: other }),
      scim({
        method: 'PATCH',
        path: `/Groups/${id}`,
        body: patchBody({ op: 'remove', path: 'members' }),
        token: other,
      }),
      scim({ method: 'DELETE', path: `/Groups/${id}`, token: other }),
    ];
    for (const call of calls) {
      expect((await call).status).toBe(401);
    }
    expect(await read(id)).toEqual(before);
    expect((await byName('Intruders')).body.totalResults).toBe(0);
  });

  it('an id this server never signed, or a user’s, is 404 for every call', async () => {
    const foreign = createSignedIdentifiers('another server’s secret, at least 32 characters long');
    const groupRowId = (await sql<{ id: string }>`SELECT min(id) AS id FROM groups`.execute(db)).rows[0]?.id;
    const forged = foreign.sign({
      id: String(groupRowId),
      type: transferTypes.GroupSettings.entityType,
      version: 0,
    });
    for (const id of [await forged, USER, '1', 'a.b.c']) {
      expect((await scim({ path: `/Groups/${id}` })).status).toBe(404);
      expect((await patch(id, { op: 'remove', path: 'members' })).status).toBe(404);
      expect((await scim({ method: 'PUT', path: `/Groups/${id}`, body: groupBody('X') })).status).toBe(404);
      expect((await scim({ method: 'DELETE', path: `/Groups/${id}` })).status).toBe(404);
    }
  });

  it('takes a group of 2,000 members in one POST and PATCH, and refuses a body over the limit with 413', async () => {
    await sql`INSERT INTO users (email, name)
      SELECT 'crowd' || n || '@parkhere.example', 'Crowd ' || n FROM generate_series(1, 2000) n`.execute(db);
    const crowd: string[] = [];
    for (let start = 1; crowd.length < 2000; start += 200) {
      const page = await scim({
        path: `/Users?startIndex=${start}&count=200`,
      });
      for (const user of page.body.Resources as { id: string; userName: string }[]) {
        if (user.userName.startsWith('crowd')) {
          crowd.push(user.id);
        }
      }
    }
    const created = await post(groupBody('Crowd', crowd.slice(0, 1000)));
    expect(created.members).toHaveLength(1000);
    const added = await patch(created.id, {
      op: 'add',
      path: 'members',
      value: crowd.slice(1000).map((value) => ({ value })),
    });
    expect(added.status).toBe(200);
    expect((added.body.members as unknown[]).length).toBe(2000);
    const rows = await sql<{ count: string }>`SELECT count(*) AS count FROM group_members m
      JOIN groups g ON g.id = m.group_id WHERE g.name = 'Crowd'`.execute(db);
    expect(rows.rows[0]?.count).toBe('2000');
    const huge = groupBody(
      'Huge',
      [...Array(12_000).keys()].map((n) => `${crowd[0]}-${n}`),
    );
    expect((await scim({ method: 'POST', path: '/Groups', body: huge })).status).toBe(413);
    const unknown = await scim({
      method: 'POST',
      path: '/Groups',
      body: groupBody('Unknowns', [USER, ...[...Array(50).keys()].map((n) => `nobody-${n}`)]),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/nobody-0, nobody-1, nobody-2 and 47 more/);
  });

  it('racing PATCHes adding the same members in any order all succeed and make each a member once', async () => {
    const { id } = await post(groupBody('Racers'));
    const orders = [
      [USER, QUICK, ADMIN],
      [ADMIN, QUICK, USER],
      [QUICK, USER, ADMIN],
    ];
    const answers = await Promise.all(
      [...Array(12).keys()].map((n) =>
        patch(id, {
          op: 'add',
          path: 'members',
          value: (orders[n % 3] as string[]).map((value) => ({ value })),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await membersOf(id)).toEqual([USER, QUICK, ADMIN].sort());
    const rows = await sql<{ count: string }>`SELECT count(*) AS count FROM group_members m
      JOIN groups g ON g.id = m.group_id WHERE g.name = 'Racers'`.execute(db);
    expect(rows.rows[0]?.count).toBe('3');
  });

  it('deletes a group with its members: 204, the group gone, its members still users', async () => {
    const { id } = ((await byName('Night crew')).body.Resources as Group[])[0] as Group;
    expect(await membersOf(id)).toHaveLength(2);
    expect((await scim({ method: 'DELETE', path: `/Groups/${id}` })).status).toBe(204);
    expect((await scim({ path: `/Groups/${id}` })).status).toBe(404);
    expect((await scim({ method: 'DELETE', path: `/Groups/${id}` })).status).toBe(404);
    expect((await patch(id, { op: 'add', path: 'members', value: [{ value: USER }] })).status).toBe(404);
    expect(await adminView('Night crew')).toBeUndefined();
    expect((await scim({ path: `/Users/${USER}` })).status).toBe(200);
    const left = await sql<{ count: string }>`SELECT count(*) AS count FROM group_members m
      WHERE NOT EXISTS (SELECT 1 FROM groups g WHERE g.id = m.group_id)`.execute(db);
    expect(left.rows[0]?.count).toBe('0');
    // Its name is free for a new group.
    expect((await post(groupBody('Night crew'))).id).not.toBe(id);
  });

  it('a user the directory deletes is no member any more', async () => {
    const created = await scim({ method: 'POST', path: '/Users', body: userBody('leaver@parkhere.example') });
    const leaver = (created.body as { id: string }).id;
    const { id } = await post(groupBody('Leavers', [leaver, USER]));
    expect((await scim({ method: 'DELETE', path: `/Users/${leaver}` })).status).toBe(204);
    expect(await membersOf(id)).toEqual([USER]);
    expect(await refusalOf(patch(id, { op: 'add', path: 'members', value: [{ value: leaver }] }))).toEqual(
      INVALID_VALUE,
    );
  });
});
