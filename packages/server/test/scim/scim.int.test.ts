import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import SCIMMY from 'scimmy';
import { afterAll, describe, expect, it } from 'vitest';
import { requestsAs } from '../client.ts';
import { mintToken } from '../tokens.ts';
import { contestedDay, onlySlots, reservationOf, statusOf } from '../waitlist/waitlist.ts';
import { createStorage, movableClock, startServer, type TestServer, worldOfFile } from '../world.ts';
import { patchBody, SCIM_TOKEN, type ScimAnswer, scimClient, userBody } from './scim-client.ts';

/*
 * SCIM 2.0 provisioning (issue 27, item 2) as a company directory drives it over HTTP: discovery, Users
 * created, found by filter, paged, replaced, patched and deleted, every answer valid by SCIMMY's schema classes;
 * the hostile requests each a 4xx in the SCIM error schema; a PATCH active=false the same leaving as the
 * administrator's; first sign-in linking the provisioned user; a second instance on the same database.
 */
const time = movableClock('2026-03-04T08:00:00+01:00');
const world = await worldOfFile({
  users: ['admin', 'user', 'quick'],
  clock: time.clock,
  jobs: { poll: false },
  env: { SCIM_TOKEN },
});
const { server, user, quick } = world;
const db = server.db;
const scim = scimClient(server.url);
await onlySlots(db, ['A-103', 'A-104']);

const QUICK = 'quick@parkhere.example';

const create = async (email: string, extra: Record<string, unknown> = {}) => {
  const created = await scim({ method: 'POST', path: '/Users', body: userBody(email, extra) });
  expect(created.status).toBe(201);
  return created.body as { id: string; meta: { location: string } } & Record<string, unknown>;
};

const filtered = (filter: string, paging = '') =>
  scim({ path: `/Users?filter=${encodeURIComponent(filter)}${paging}` });

const idOf = async (email: string) => {
  const found = await filtered(`userName eq "${email}"`);
  return ((found.body.Resources as { id: string }[])[0] as { id: string }).id;
};

const INVALID_SYNTAX = { status: 400, scimType: 'invalidSyntax' };
const INVALID_FILTER = { status: 400, scimType: 'invalidFilter' };
const UNIQUENESS = { status: 409, scimType: 'uniqueness' };

/** What a refusal says: its status and scimType. */
const refusalOf = async (call: Promise<ScimAnswer>) => {
  const { status, body } = await call;
  return { status, scimType: body.scimType };
};

const userRow = async (email: string) =>
  (
    await sql<{
      id: string;
      name: string;
      isActive: boolean;
      leftAt: Date | null;
    }>`SELECT id, name, is_active,
      left_at FROM users WHERE lower(email) = lower(${email})`.execute(db)
  ).rows[0];

describe('discovery', () => {
  it('describes the service, its resource types and its schemas, at the public address', async () => {
    const config = await scim({ path: '/ServiceProviderConfig' });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await scim({ path: '/ResourceTypes' });
    expect(types.body).toMatchObject({
      totalResults: 2,
      Resources: [
        { id: 'User', endpoint: '/Users', schema: SCIMMY.Schemas.User.id },
        { id: 'Group', endpoint: '/Groups', schema: SCIMMY.Schemas.Group.id },
      ],
    });
    const userType = await scim({ path: '/ResourceTypes/User' });
    expect(userType.body).toMatchObject({
      id: 'User',
      meta: { location: `${server.url}/scim/v2/ResourceTypes/User` },
    });
    const schemas = await scim({ path: '/Schemas' });
    expect((schemas.body.Resources as { id: string }[]).map((schema) => schema.id)).toContain(
      SCIMMY.Schemas.User.id,
    );
    const userSchema = await scim({ path: `/Schemas/${SCIMMY.Schemas.User.id}` });
    expect(userSchema.body).toMatchObject({
      ...JSON.parse(JSON.stringify(SCIMMY.Schemas.User.definition.describe())),
      meta: { location: `${server.url}/scim/v2/Schemas/${SCIMMY.Schemas.User.id}` },
    });
    expect((await scim({ path: '/ResourceTypes/Device' })).status).toBe(404);
    expect((await scim({ path: '/Devices' })).status).toBe(404);
  });
});

describe('the bearer token', () => {
  it('is required: a missing or wrong one is 401 in the SCIM error schema, and nothing is created', async () => {
    for (const token of [null, 'wrong', `${SCIM_TOKEN}x`, '']) {
      const refused = await scim({
        method: 'POST',
        path: '/Users',
        body: userBody('intruder@parkhere.example'),
        token,
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect((await scim({ path: '/ServiceProviderConfig', token: 'wrong' })).status).toBe(401);
    expect(await userRow('intruder@parkhere.example')).toBeUndefined();
  });
});

describe('Users', () => {
  it('creates a user before their first sign-in: 201 with the resource and its Location', async () => {
    const created = await create('ada@parkhere.example', { externalId: 'entra-ada', displayName: 'Ada L.' });
    expect(created).toMatchObject({
      userName: 'ada@parkhere.example',
      externalId: 'entra-ada',
      displayName: 'Ada L.',
      name: { formatted: 'Ada L.' },
      emails: [{ value: 'ada@parkhere.example', type: 'work', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: `${server.url}/scim/v2/Users/${created.id}` },
    });
    const read = await scim({ path: `/Users/${created.id}` });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
    // Without a displayName the given and family names make the one name.
    expect(await create('grace@parkhere.example')).toMatchObject({ displayName: 'Ada Lovelace' });
    expect((await userRow('grace@parkhere.example'))?.name).toBe('Ada Lovelace');
  });

  it('refuses a taken userName (any case) or externalId with 409 uniqueness, and a malformed body with 400', async () => {
    const refusals: [unknown, number, string][] = [
      [userBody('ADA@parkhere.example'), 409, 'uniqueness'],
      [userBody('other@parkhere.example', { externalId: 'entra-ada' }), 409, 'uniqueness'],
      [{ schemas: [SCIMMY.Schemas.User.id], displayName: 'No userName' }, 400, 'invalidValue'],
      [userBody('not-an-email'), 400, 'invalidValue'],
      [userBody('long@parkhere.example', { displayName: 'x'.repeat(256) }), 400, 'invalidValue'],
      [userBody('typed@parkhere.example', { active: 'yes' }), 400, 'invalidValue'],
      [[userBody('array@parkhere.example')], 400, 'invalidSyntax'],
    ];
    for (const [body, status, scimType] of refusals) {
      expect(await refusalOf(scim({ method: 'POST', path: '/Users', body }))).toEqual({ status, scimType });
    }
    expect(await refusalOf(scim({ method: 'POST', path: '/Users', raw: '{"userName": ' }))).toEqual(
      INVALID_SYNTAX,
    );
    const asText = scim({ method: 'POST', path: '/Users', raw: 'userName=x', contentType: 'text/plain' });
    expect(await refusalOf(asText)).toEqual(INVALID_SYNTAX);
    expect(await userRow('other@parkhere.example')).toBeUndefined();
  });

  it('finds users by userName (any case), externalId or email, and pages in id order', async () => {
    const ada = await idOf('ada@parkhere.example');
    for (const filter of [
      'userName eq "ADA@parkhere.example"',
      'externalId eq "entra-ada"',
      'emails.value eq "ada@parkhere.example"',
      'userName eq "ada@parkhere.example" and externalId eq "entra-ada"',
    ]) {
      const found = await filtered(filter);
      expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
      expect((found.body.Resources as { id: string }[]).map((one) => one.id)).toEqual([ada]);
    }
    expect((await filtered('externalId eq "nobody"')).body).toMatchObject({ totalResults: 0, Resources: [] });

    const all = await scim({ path: '/Users' });
    const total = all.body.totalResults as number;
    expect(total).toBeGreaterThan(5);
    const ids = (all.body.Resources as { id: string }[]).map((one) => one.id);
    const page = await scim({ path: '/Users?startIndex=3&count=2' });
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 3, itemsPerPage: 2 });
    expect((page.body.Resources as { id: string }[]).map((one) => one.id)).toEqual(ids.slice(2, 4));
    expect((await scim({ path: '/Users?count=0' })).body).toMatchObject({
      totalResults: total,
      Resources: [],
    });
    expect((await scim({ path: `/Users?startIndex=${total + 1}` })).body).toMatchObject({ Resources: [] });
  });

  it('refuses a filter it cannot answer with 400 invalidFilter, and a bad page with 400 invalidValue', async () => {
    // Each filter with why it is refused.
    const refused: [string, string][] = [
      ['userName eq', 'no value'],
      ['userName xx "a"', 'no such operator'],
      ['userName co "ada"', 'only eq is answered'],
      ['name.givenName eq "Ada"', 'an attribute no index answers'],
      ['userName eq "a" or userName eq "b"', 'or'],
      ['userName eq 3', 'a number for a text'],
      ['(', 'no expression'],
    ];
    for (const [filter, why] of refused) {
      expect({ why, ...(await refusalOf(filtered(filter))) }).toEqual({ why, ...INVALID_FILTER });
    }
    for (const paging of ['startIndex=one', 'count=1.5']) {
      expect(await refusalOf(scim({ path: `/Users?${paging}` }))).toEqual({
        status: 400,
        scimType: 'invalidValue',
      });
    }
  });

  it('replaces a user with PUT and changes one with PATCH (add, replace, remove)', async () => {
    const id = await idOf('grace@parkhere.example');
    const put = await scim({
      method: 'PUT',
      path: `/Users/${id}`,
      body: userBody('grace.hopper@parkhere.example', {
        displayName: 'Grace Hopper',
        externalId: 'okta-grace',
      }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id,
      userName: 'grace.hopper@parkhere.example',
      externalId: 'okta-grace',
    });
    expect((await userRow('grace.hopper@parkhere.example'))?.name).toBe('Grace Hopper');

    const patched = await scim({
      method: 'PATCH',
      path: `/Users/${id}`,
      body: patchBody(
        { op: 'replace', path: 'displayName', value: 'Rear Admiral Hopper' },
        { op: 'remove', path: 'externalId' },
      ),
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, displayName: 'Rear Admiral Hopper' });
    expect(patched.body.externalId).toBeUndefined();
    const added = await scim({
      method: 'PATCH',
      path: `/Users/${id}`,
      body: patchBody({ op: 'add', value: { externalId: 'okta-grace-2' } }),
    });
    expect(added.body).toMatchObject({ externalId: 'okta-grace-2', displayName: 'Rear Admiral Hopper' });
    expect((await scim({ path: `/Users/${id}` })).body).toEqual(added.body);
  });

  it('refuses a PATCH it cannot apply with 400, and an unknown or forged id with 404', async () => {
    const id = await idOf('grace.hopper@parkhere.example');
    const refusals: [unknown, string][] = [
      [patchBody({ op: 'replace', path: 'nickname.unknown', value: 'x' }), 'invalidPath'],
      [patchBody({ op: 'replace', path: 'favouriteColour', value: 'x' }), 'invalidPath'],
      [patchBody({ op: 'remove', path: 'userName' }), 'invalidValue'],
      [patchBody({ op: 'replace', path: 'userName', value: 'ada@parkhere.example' }), 'uniqueness'],
      [patchBody({ op: 'jump', path: 'displayName', value: 'x' }), 'invalidSyntax'],
      [{ Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] }, 'invalidSyntax'],
      [patchBody(), 'invalidValue'],
    ];
    for (const [body, scimType] of refusals) {
      const status = scimType === 'uniqueness' ? 409 : 400;
      const refused = await refusalOf(scim({ method: 'PATCH', path: `/Users/${id}`, body }));
      expect({ body, ...refused }).toEqual({ body, status, scimType });
    }
    expect((await scim({ path: `/Users/${id}` })).body).toMatchObject({
      userName: 'grace.hopper@parkhere.example',
    });
    for (const path of [`/Users/${id.slice(0, -2)}xx`, '/Users/42', '/Users/a.b.c']) {
      expect((await scim({ path })).status).toBe(404);
      expect(
        (await scim({ method: 'PATCH', path, body: patchBody({ op: 'remove', path: 'externalId' }) })).status,
      ).toBe(404);
    }
  });

  it("refuses a change of userName to another user's (any case) with 409 uniqueness, changing nothing", async () => {
    const id = await idOf('grace.hopper@parkhere.example');
    const path = `/Users/${id}`;
    const before = (await scim({ path })).body;
    const kept = { displayName: before.displayName, externalId: before.externalId };
    for (const taken of ['ada@parkhere.example', 'Ada@ParkHere.EXAMPLE']) {
      expect(await refusalOf(scim({ method: 'PUT', path, body: userBody(taken, kept) }))).toEqual(UNIQUENESS);
      const patch = patchBody({ op: 'replace', path: 'userName', value: taken });
      expect(await refusalOf(scim({ method: 'PATCH', path, body: patch }))).toEqual(UNIQUENESS);
    }
    expect((await scim({ path })).body).toEqual(before);
    expect((await userRow('ada@parkhere.example'))?.name).toBe('Ada L.');
  });

  it('changes the case of a userName with PUT or PATCH: it is still the same user’s', async () => {
    const id = await idOf('grace.hopper@parkhere.example');
    const path = `/Users/${id}`;
    const before = (await scim({ path })).body;
    const kept = { displayName: before.displayName, externalId: before.externalId };
    const put = await scim({ method: 'PUT', path, body: userBody('Grace.Hopper@ParkHere.example', kept) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, userName: 'Grace.Hopper@ParkHere.example' });
    const patch = patchBody({ op: 'replace', path: 'userName', value: 'grace.hopper@parkhere.example' });
    const patched = await scim({ method: 'PATCH', path, body: patch });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, userName: 'grace.hopper@parkhere.example' });
  });
});

describe('a leaver', () => {
  it('PATCHed active=false (as Entra ID sends it) frees the slot for the first colleague waiting, and is refused', async () => {
    const { reservation, entry } = await contestedDay(db, user, QUICK, '2026-03-05');
    const id = await idOf(QUICK);
    // The server remembers quick as its actor now: the directory's change must make it forget.
    const panel = { method: 'POST', path: '/services/Actor/userReservationPanel/~get' } as const;
    expect((await quick.answer(panel)).status).toBe(200);

    const left = await scim({
      method: 'PATCH',
      path: `/Users/${id}`,
      body: patchBody({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ id, active: false });
    expect((await userRow(QUICK))?.leftAt).not.toBeNull();
    const refused = await quick.answer(panel);
    expect({ status: refused.status, code: (refused.body as { code?: string }).code }).toEqual({
      status: 403,
      code: 'ACCOUNT_DEACTIVATED',
    });
    while ((await server.app.jobs.runDue()) > 0) {
      // a promotion queues its mails
    }
    expect((await reservationOf(db, reservation))?.status).toBe('DELETED');
    const promoted = await statusOf(db, entry);
    expect(promoted?.status).toBe('PROMOTED');
    expect(await reservationOf(db, promoted?.reservationId ?? '')).toMatchObject({
      slot: 'A-103',
      owner: 'user@parkhere.example',
    });
    const audit = await sql<{ actor: string }>`SELECT DISTINCT actor FROM audit_log
      WHERE table_name = 'reservations' AND row_id = ${reservation} AND action = 'UPDATE'`.execute(db);
    expect(audit.rows.map((row) => row.actor)).toEqual(['directory:scim']);
  });

  it('PATCHed active=true returns: signs in again', async () => {
    const id = await idOf(QUICK);
    const back = await scim({
      method: 'PATCH',
      path: `/Users/${id}`,
      body: patchBody({ op: 'replace', value: { active: true } }),
    });
    expect(back.body).toMatchObject({ active: true });
    expect((await userRow(QUICK))?.leftAt).toBeNull();
    const panel = await quick.answer({ method: 'POST', path: '/services/Actor/userReservationPanel/~get' });
    expect(panel.status).toBe(200);
  });

  it('PUT with active=false leaves too; a user created inactive has left already', async () => {
    const id = await idOf('ada@parkhere.example');
    const put = await scim({
      method: 'PUT',
      path: `/Users/${id}`,
      body: userBody('ada@parkhere.example', { active: false }),
    });
    expect(put.body).toMatchObject({ active: false });
    expect((await userRow('ada@parkhere.example'))?.leftAt).not.toBeNull();
    await create('dormant@parkhere.example', { active: false });
    expect(await userRow('dormant@parkhere.example')).toMatchObject({ isActive: false });
    expect((await userRow('dormant@parkhere.example'))?.leftAt).not.toBeNull();
  });
});

describe('first sign-in', () => {
  it('links the provisioned user by verified email, and never by an unverified one', async () => {
    const provisioned = await create('newbie@parkhere.example', {
      displayName: 'New Bie',
      externalId: 'entra-newbie',
    });
    const unverified = await mintToken(server, { login: 'newbie', emailVerified: false });
    const refused = await requestsAs(server.url, unverified).answer({
      method: 'POST',
      path: '/services/Actor/userReservationPanel/~get',
    });
    expect((refused.body as { code?: string }).code).toBe('EMAIL_NOT_VERIFIED');

    const token = await mintToken(server, { login: 'newbie', name: 'Somebody Else' });
    const signedIn = await requestsAs(server.url, token).json<{ email: string; name: string }>(
      '/services/Actor/profileSettings/~get',
    );
    expect(signedIn).toMatchObject({ email: 'newbie@parkhere.example', name: 'New Bie' });
    const users = await sql<{ count: string }>`SELECT count(*) AS count FROM users
      WHERE lower(email) = 'newbie@parkhere.example'`.execute(db);
    expect(users.rows[0]?.count).toBe('1');
    expect((await scim({ path: `/Users/${provisioned.id}` })).body).toMatchObject({ displayName: 'New Bie' });
  });
});

describe('DELETE', () => {
  it('deactivates and erases the user; the resource is gone (404), from every list too', async () => {
    const id = await idOf('newbie@parkhere.example');
    const userId = (await userRow('newbie@parkhere.example'))?.id;
    const token = await mintToken(server, { login: 'newbie' });
    expect((await scim({ method: 'DELETE', path: `/Users/${id}` })).status).toBe(204);
    expect((await scim({ path: `/Users/${id}` })).status).toBe(404);
    expect((await scim({ method: 'DELETE', path: `/Users/${id}` })).status).toBe(404);
    const put = scim({ method: 'PUT', path: `/Users/${id}`, body: userBody('newbie@parkhere.example') });
    expect((await put).status).toBe(404);
    expect((await filtered('externalId eq "entra-newbie"')).body).toMatchObject({ totalResults: 0 });

    // Erased (issue 27, item 4): name, email and the directory's id replaced, the act in the audit log.
    const erased = await sql<{
      name: string;
      email: string;
      isActive: boolean;
      anonymised: boolean;
    }>`SELECT name,
      email, is_active, anonymised_at IS NOT NULL AS anonymised FROM users WHERE id = ${userId}`.execute(db);
    expect(erased.rows[0]).toMatchObject({ isActive: false, anonymised: true });
    expect(JSON.stringify(erased.rows[0])).not.toMatch(/newbie|New Bie/i);
    const act = await sql<{ actor: string }>`SELECT actor FROM audit_log WHERE table_name = 'users'
      AND row_id = ${userId} AND reason = 'erasure'`.execute(db);
    expect(act.rows.map((row) => row.actor)).toContain('directory:scim');
    const logged = await sql<{
      entry: string;
    }>`SELECT concat(before::text, after::text) AS entry FROM audit_log
      WHERE table_name = 'users' AND row_id = ${userId}`.execute(db);
    expect(
      logged.rows
        .map((row) => row.entry)
        .join()
        .match(/.{0,60}(newbie|New Bie).{0,30}/gi),
    ).toBeNull();
    const refused = await requestsAs(server.url, token).answer({
      method: 'POST',
      path: '/services/Actor/userReservationPanel/~get',
    });
    expect((refused.body as { code?: string }).code).toBe('ACCOUNT_DEACTIVATED');
    // The address is free for a new person of that email.
    expect((await create('newbie@parkhere.example', { externalId: 'entra-newbie' })).id).not.toBe(id);
  });
});

describe('other instances', () => {
  const servers: TestServer[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const other of servers) {
      await other.stop();
    }
    for (const cleanup of cleanups) {
      await cleanup();
    }
  });
  /** Another server on the same database (PostgreSQL), or on a database of its own (PGlite serves one). */
  const another = async (env: Record<string, string>) => {
    let storage = world.storage;
    if (process.env.DATABASE_URL) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'parkhere-scim-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      storage = { ...storage, dataDir };
    } else {
      storage = await createStorage();
      cleanups.push(storage.dispose);
    }
    const other = await startServer(storage, { env, jobs: { poll: false } });
    servers.push(other);
    return other;
  };

  it.runIf(process.env.DATABASE_URL)('see the same SCIM state on the same database', async () => {
    const second = scimClient((await another({ SCIM_TOKEN })).url);
    const created = await create('twin@parkhere.example', { externalId: 'twin' });
    const there = await second({ path: `/Users/${created.id}` });
    expect(there.body).toMatchObject({ id: created.id, userName: 'twin@parkhere.example' });
    expect(
      (await second({ method: 'POST', path: '/Users', body: userBody('TWIN@parkhere.example') })).status,
    ).toBe(409);
    await second({
      method: 'PATCH',
      path: `/Users/${created.id}`,
      body: patchBody({ op: 'replace', path: 'active', value: false }),
    });
    expect((await scim({ path: `/Users/${created.id}` })).body).toMatchObject({ active: false });
    const listed = await second({ path: '/Users?filter=externalId%20eq%20%22twin%22' });
    expect((listed.body.Resources as { id: string }[]).map((one) => one.id)).toEqual([created.id]);
  });

  it('without SCIM_TOKEN answer 404 to every /scim path, with or without a token', async () => {
    const off = await another({});
    for (const url of [
      '/scim',
      '/scim/v2',
      '/scim/v2/Users',
      '/scim/v2/ServiceProviderConfig',
      '/scim/anything',
    ]) {
      for (const headers of [
        {},
        { authorization: `Bearer ${SCIM_TOKEN}` },
        { accept: 'text/html' },
      ] as Record<string, string>[]) {
        expect((await fetch(`${off.url}${url}`, { headers })).status).toBe(404);
      }
    }
    const post = await fetch(`${off.url}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify(userBody('off@parkhere.example')),
    });
    expect(post.status).toBe(404);
  });
});
