import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../src/platform/db/executor.ts';
import { type Answer, type Requests, requestsAs, update } from '../client.ts';
import { openLoginForm, signInWithCode } from '../oidc-flow.ts';
import type { Entity } from '../reservations/forms.ts';
import { SCIM_TOKEN, scimClient, userBody } from '../scim/scim-client.ts';
import { bearer, mintToken } from '../tokens.ts';
import { worldOfFile } from '../world.ts';
import { usersRowOf, usersWorldOfFile } from './users-table.ts';

/*
 * Users before their first sign-in (issue 27, item 3): an administrator creates a user in the Users table with
 * their rights, quotas, working hours and garages, made the one way the directory (SCIM) makes users too. The
 * first sign-in, at the embedded provider or an external one, links to that user by a verified email and keeps
 * what the administrator set; an unverified email links nothing. A refused create changes nothing.
 */
const { server, admin, user } = await usersWorldOfFile(['admin', 'user']);
const db = server.db;

// Another server whose users sign in at this one's provider, as at Keycloak or Entra ID.
const external = await worldOfFile({
  env: {
    OIDC_ISSUER: server.config.identity.issuer,
    OIDC_CLIENT_ID: 'parkhere-web',
    OIDC_AUDIENCE: 'parkhere-api',
    SCIM_TOKEN,
  },
});
/** A token of this server's provider, for the external one. */
const providerToken = (login: string, email: string, emailVerified = true) =>
  mintToken(server, { login, email, emailVerified });
const externalAdmin = requestsAs(
  external.server.url,
  await mintToken(server, { login: 'admin', expiresIn: 3600 }),
);

const CREATE = '/services/Actor/~update/users/~create';

const principalOf = async (url: string, token: string) => {
  const response = await fetch(`${url}/api/services/Actor/~principal`, { headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
// The demo users have signed in before: a refusal's footprint is not their first sign-in's.
expect((await principalOf(server.url, user.token)).status).toBe(200);

/** A garage as the create's picker offers it (the relation's range). */
const garageOf = async (caller: Requests, name: string) => {
  const garages = await caller.json<Entity[]>('/services/UserSettings/accessedParkingGarages/~range', {
    owner: {},
    queryCustomizer: { name: [{ operator: 'equal', value: name }] },
  });
  return { __signedIdentifier: (garages[0] as Entity).__signedIdentifier };
};

/** What a create must say beside email and name: working hours and quotas (the table's template fills them). */
const HOURS_AND_QUOTAS = {
  startOfWorkingTime: '09:00:00',
  endOfWorkingTime: '17:00:00',
  maxNormalReservation: 5,
  maxGuestReservation: 5,
  maxLongReservation: 2,
};

/** A new user as an administrator fills in the Users table's create: rights, quotas, hours and a garage. */
const newUser = async (caller: Requests, email: string, extra: Record<string, unknown> = {}) => ({
  ...HOURS_AND_QUOTAS,
  email,
  name: 'Nora Newhire',
  isNormalReservation: true,
  isQuickReservation: false,
  isGuestReservation: true,
  maxNormalReservation: 7,
  maxGuestReservation: 1,
  startOfWorkingTime: '07:30:00',
  endOfWorkingTime: '15:30:00',
  accessedParkingGarages: [await garageOf(caller, 'HQ Garage')],
  ...extra,
});

const create = (caller: Requests, body: unknown) => caller.answer({ method: 'POST', path: CREATE, body });

/** The user of an email (any case) as stored, with the garages they may use and their provider binding. */
const stored = async (target: Executor, email: string) =>
  (
    await sql<{
      id: string;
      email: string;
      isActive: boolean;
      hasLeft: boolean;
      isNormalReservation: boolean;
      isQuickReservation: boolean;
      maxNormalReservation: number;
      startOfWorkingTime: string;
      garages: string[];
      boundTo: string[];
    }>`SELECT u.id::text, u.email, u.is_active, u.left_at IS NOT NULL AS has_left, u.is_normal_reservation,
        u.is_quick_reservation, u.max_normal_reservation, u.start_of_working_time::text,
        ARRAY(SELECT g.name FROM user_accessed_garages a JOIN parking_garages g ON g.id = a.parking_garage_id
          WHERE a.user_id = u.id ORDER BY 1) AS garages,
        ARRAY(SELECT subject FROM user_identities WHERE user_id = u.id ORDER BY 1) AS bound_to
      FROM users u WHERE lower(u.email) = lower(${email})`.execute(target)
  ).rows;

/** What a refusal could have changed: the users, their garages, their bindings and the audit log. */
const footprint = async () =>
  (
    await sql<{ counts: string }>`SELECT concat_ws(',', (SELECT count(*) FROM users),
      (SELECT count(*) FROM user_accessed_garages), (SELECT count(*) FROM user_identities),
      (SELECT count(*) FROM audit_log)) AS counts`.execute(db)
  ).rows[0]?.counts;

const refusal = ({ status, body }: Answer) => ({ status, body: body as Record<string, unknown> });

describe("an administrator's create in the Users table", () => {
  it('makes the user with the rights, quotas, working hours and garages given, and lists them', async () => {
    const created = await create(admin, await newUser(admin, 'nora.newhire@parkhere.example'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      email: 'nora.newhire@parkhere.example',
      name: 'Nora Newhire',
      isActive: true,
      isAdministrator: false,
      maxNormalReservation: 7,
      maxGuestReservation: 1,
      maxLongReservation: 2,
      endOfWorkingTime: '15:30:00',
    });
    expect(await stored(db, 'nora.newhire@parkhere.example')).toEqual([
      expect.objectContaining({
        isNormalReservation: true,
        isQuickReservation: false,
        startOfWorkingTime: '07:30:00',
        garages: ['HQ Garage'],
        boundTo: [],
      }),
    ]);
    const listed = await admin.json<Entity[]>('/services/Actor/users/~list', {
      email: [{ operator: 'equal', value: 'nora.newhire@parkhere.example' }],
    });
    expect(listed.map((row) => row.name)).toEqual(['Nora Newhire']);
  });

  it('makes one created inactive a leaver already, with nothing to release', async () => {
    const created = await create(admin, {
      ...HOURS_AND_QUOTAS,
      email: 'later@parkhere.example',
      name: 'Lee Later',
      isActive: false,
    });
    expect(created.status).toBe(200);
    expect(await stored(db, 'later@parkhere.example')).toEqual([
      expect.objectContaining({ isActive: false, hasLeft: true }),
    ]);
  });

  it('refuses a blank, malformed or missing email, a missing name and bad hours at their fields, changing nothing', async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '', name: 'Blank' }, 'email'],
      [{ email: '   ', name: 'Spaces' }, 'email'],
      [{ email: 'not-an-email', name: 'Malformed' }, 'email'],
      [{ email: 'two@at@parkhere.example x', name: 'Malformed' }, 'email'],
      [{ name: 'No email' }, 'email'],
      [{ email: 'noname@parkhere.example' }, 'name'],
      [{ email: 'long@parkhere.example', name: 'x'.repeat(256) }, 'name'],
      [
        { email: 'hours@parkhere.example', name: 'Hours', maxNormalReservation: 'many' },
        'maxNormalReservation',
      ],
      [{ email: 'hours@parkhere.example', name: 'Hours', endOfWorkingTime: '06:00:00' }, 'endOfWorkingTime'],
    ];
    for (const [body, location] of cases) {
      const answer = refusal(await create(admin, { ...HOURS_AND_QUOTAS, ...body }));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(`"location":"${location}"`);
    }
    expect(await footprint()).toBe(before);
  });

  it("refuses another user's email in any case (422 USER_EMAIL_TAKEN), changing nothing", async () => {
    const before = await footprint();
    for (const email of ['admin@parkhere.example', 'ADMIN@ParkHere.example', 'User@PARKHERE.example']) {
      expect(refusal(await create(admin, await newUser(admin, email)))).toMatchObject({
        status: 422,
        body: { code: 'USER_EMAIL_TAKEN' },
      });
    }
    expect(await footprint()).toBe(before);
  });

  it('refuses a forged or foreign garage, and anyone but an administrator, changing nothing', async () => {
    const before = await footprint();
    const body = await newUser(admin, 'hostile@parkhere.example');
    const [garage] = body.accessedParkingGarages;
    const forged = `${garage?.__signedIdentifier.slice(0, -4)}AAAA`;
    const [slot] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', { _seek: { limit: 1 } });
    for (const garages of [
      [{ __signedIdentifier: forged }],
      [{ __signedIdentifier: slot?.__signedIdentifier }],
    ]) {
      const answer = refusal(await create(admin, { ...body, accessedParkingGarages: garages }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject([
        { code: 'INVALID_IDENTIFIER', location: 'accessedParkingGarages[0].__signedIdentifier' },
      ]);
    }
    expect((await create(user, body)).status).toBe(403);
    expect((await create(requestsAs(server.url), body)).status).toBe(401);
    expect(await footprint()).toBe(before);
  });

  it("is the directory's one way of making users: SCIM finds the user, and refuses their email as taken", async () => {
    const scim = scimClient(external.server.url);
    expect(
      (
        await create(externalAdmin, {
          ...HOURS_AND_QUOTAS,
          email: 'scim.first@parkhere.example',
          name: 'Sam',
        })
      ).status,
    ).toBe(200);
    const found = await scim({
      path: `/Users?filter=${encodeURIComponent('userName eq "SCIM.first@parkhere.example"')}`,
    });
    expect(found.body.totalResults).toBe(1);
    const again = await scim({
      method: 'POST',
      path: '/Users',
      body: userBody('Scim.First@parkhere.example'),
    });
    expect({ status: again.status, scimType: again.body.scimType }).toEqual({
      status: 409,
      scimType: 'uniqueness',
    });
    expect(await stored(external.db, 'scim.first@parkhere.example')).toHaveLength(1);
  });
});

describe("an administrator's change of a user's email in the Users table", () => {
  const usersRow = usersRowOf(admin);
  const changeEmail = async (row: Entity, email: string, call: '~update' | '~validate' = '~update') => {
    const answer = await update(admin, 'UserSettings', row, { email }, call);
    return { status: answer.status, body: (await answer.json()) as Entity };
  };

  it("refuses another user's email in any case (422 USER_EMAIL_TAKEN) on save and on validation, changing nothing", async () => {
    const row = await usersRow('user@parkhere.example');
    const before = await footprint();
    for (const email of ['admin@parkhere.example', 'ADMIN@ParkHere.example']) {
      for (const call of ['~update', '~validate'] as const) {
        expect({ email, call, ...(await changeEmail(row, email, call)) }).toMatchObject({
          email,
          call,
          status: 422,
          body: { code: 'USER_EMAIL_TAKEN' },
        });
      }
    }
    expect(await footprint()).toBe(before);
    expect(await stored(db, 'user@parkhere.example')).toEqual([
      expect.objectContaining({ email: 'user@parkhere.example' }),
    ]);
  });

  it("changes the case of a user's own email: it is still theirs", async () => {
    const changed = await changeEmail(await usersRow('user@parkhere.example'), 'User@ParkHere.example');
    expect(changed).toMatchObject({ status: 200, body: { email: 'User@ParkHere.example' } });
    expect(await stored(db, 'user@parkhere.example')).toEqual([
      expect.objectContaining({ email: 'User@ParkHere.example' }),
    ]);
    expect(await changeEmail(changed.body, 'user@parkhere.example')).toMatchObject({ status: 200 });
  });
});

describe('the first sign-in of a created user', () => {
  it('at the embedded provider links the same user by the verified email, keeping their quotas and garages', async () => {
    // The demo account `stranger` has an email outside the allowed domains: only a created user lets it in.
    const created = await create(admin, await newUser(admin, 'Stranger@Elsewhere.example'));
    expect(created.status).toBe(200);
    const [before] = await stored(db, 'stranger@elsewhere.example');

    const { tokens } = await signInWithCode(server.url, 'stranger');
    const principal = await principalOf(server.url, tokens.access_token);
    expect(principal).toMatchObject({ status: 200, body: { email: 'Stranger@Elsewhere.example' } });
    expect(await stored(db, 'stranger@elsewhere.example')).toEqual([{ ...before, boundTo: ['stranger'] }]);
  });

  it('at an external provider links it only by a verified email, keeping their quotas and garages', async () => {
    const email = 'ext.hire@parkhere.example';
    const created = await create(externalAdmin, await newUser(externalAdmin, email));
    expect(created.status).toBe(200);
    const [before] = await stored(external.db, email);
    expect(before?.garages).toEqual(['HQ Garage']);

    // An account whose provider does not vouch for the email neither links nor creates anybody.
    const squatter = await principalOf(
      external.server.url,
      await providerToken('ext-squatter', email, false),
    );
    expect(squatter).toEqual({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(await stored(external.db, email)).toEqual([before]);

    const hire = await principalOf(external.server.url, await providerToken('ext-hire', email.toUpperCase()));
    expect(hire).toMatchObject({ status: 200, body: { email, name: 'Nora Newhire' } });
    expect(await stored(external.db, email)).toEqual([{ ...before, boundTo: ['ext-hire'] }]);
  });
});

describe("the embedded provider's login form", () => {
  /**
   * The login form's answer to the right password of a demo account, in a browser asking for `language`, the
   * sign-in started with `uiLocales` when given (as the app sends its language).
   */
  const logIn = async (login: string, language: string, uiLocales?: string) => {
    const { interaction, cookie } = await openLoginForm(
      server.url,
      uiLocales === undefined ? {} : { ui_locales: uiLocales },
    );
    const response = await fetch(`${interaction}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': language,
        cookie,
      },
      body: new URLSearchParams({ login, password: login }).toString(),
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      page: await response.text(),
    };
  };

  it('refuses a deactivated account with a message in the browser’s language, instead of signing it in', async () => {
    expect((await logIn('doorman', 'en-US')).status).toBe(303);
    const doorman = await usersRowOf(admin)('doorman@parkhere.example');
    expect((await update(admin, 'UserSettings', doorman, { isActive: false })).status).toBe(200);

    const english = await logIn('doorman', 'en-US,en;q=0.9');
    expect(english).toMatchObject({ status: 403, location: null });
    expect(english.page).toContain(
      '<p class="error" role="alert" lang="en">Your ParkHere account has been deactivated. Please contact the system administrators to have it reactivated.</p>',
    );
    const hungarian = await logIn('doorman', 'hu-HU,hu;q=0.9,en;q=0.8');
    expect(hungarian).toMatchObject({ status: 403, location: null });
    expect(hungarian.page).toContain(
      'lang="hu">A ParkHere-fiókját inaktiválták. Az újraaktiváláshoz forduljon a rendszergazdákhoz.</p>',
    );
    // The form is there to try another account; an active one still signs in.
    expect(hungarian.page).toContain('name="password"');
    expect((await logIn('user', 'hu-HU')).status).toBe(303);
  });

  it("speaks the app's language (the sign-in's ui_locales) before the browser's", async () => {
    const HUNGARIAN = 'lang="hu">A ParkHere-fiókját inaktiválták.';
    const ENGLISH = 'lang="en">Your ParkHere account has been deactivated.';
    // The doorman left in the test before.
    const languageOf = async (language: string, uiLocales: string) => {
      const { status, page } = await logIn('doorman', language, uiLocales);
      expect(status).toBe(403);
      return page.includes(HUNGARIAN) ? 'hu' : page.includes(ENGLISH) ? 'en' : 'neither';
    };
    expect(await languageOf('en-US,en;q=0.9', 'hu-HU')).toBe('hu');
    expect(await languageOf('hu-HU,hu;q=0.9', 'en-US')).toBe('en');
    // The first it is written in, in the order asked; none of them: the browser's.
    expect(await languageOf('en-US', 'de-DE hu en')).toBe('hu');
    expect(await languageOf('hu-HU', 'de-DE fr')).toBe('hu');
    expect(await languageOf('en-US', 'de-DE')).toBe('en');
  });
});
