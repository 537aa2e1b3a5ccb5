import { type PushState, pushPaths, type VapidPublicKey } from '@parkhere/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { deactivate } from '../../src/lifecycle.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { mailLimitsOf } from '../../src/platform/mail/mail-limits.ts';
import type { Client } from '../client.ts';
import { runAllJobs } from '../jobs/inspect.ts';
import {
  movableClock,
  seedDrawRequest,
  seedReservation,
  setLocale,
  userIdOf,
  worldOfFile,
} from '../world.ts';
import { browserSubscription, startPushService, verifiedVapid } from './push-service.ts';

const USER = 'user@parkhere.example';
const QUICK = 'quick@parkhere.example';
/** A working Tuesday; the demo's HQ Garage opens check-in 15 minutes before a start. */
const DAY = '2026-12-01';
const at = (time: string) => `${DAY}T${time}+01:00`;

const time = movableClock(at('07:00:00'));
const service = await startPushService();
const { server, db, user, quick } = await worldOfFile({
  users: ['user', 'quick'],
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
  env: { ALLOW_TEST_PUSH_ENDPOINTS: 'true' },
});

const SUBSCRIPTIONS = `/${pushPaths.subscriptions}`;
const publicKey = (await user.answer({ method: 'GET', path: `/${pushPaths.vapidPublicKey}` }))
  .body as VapidPublicKey;

const subscribe = (caller: Client, body: unknown) =>
  caller.answer({ method: 'POST', path: SUBSCRIPTIONS, body });
const unsubscribe = (caller: Client, endpoint: string) =>
  caller.answer({ method: 'DELETE' as 'GET', path: SUBSCRIPTIONS, body: { endpoint } });
const endpointsOf = async (email: string): Promise<string[]> =>
  (
    await sql<{
      endpoint: string;
    }>`SELECT s.endpoint FROM push_subscriptions s JOIN users u ON u.id = s.user_id
      WHERE u.email = ${email} ORDER BY s.id`.execute(db)
  ).rows.map((row) => row.endpoint);

/** What the push service received at `path`, each body decrypted with the browser's keys, VAPID verified. */
async function messagesAt(path: string, browser: ReturnType<typeof browserSubscription>) {
  const requests = service.received.filter((request) => request.path === path);
  return Promise.all(
    requests.map(async (request) => {
      const claims = await verifiedVapid(request.headers, publicKey.publicKey);
      expect(claims.aud).toBe(service.origin);
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
      return browser.decrypt(request.body);
    }),
  );
}

const browserAt = async (caller: Client, path: string) => {
  const browser = browserSubscription(`${service.origin}${path}`);
  const answer = await subscribe(caller, browser.json);
  expect(answer.status).toBe(200);
  return browser;
};

describe('Web Push', () => {
  beforeEach(async () => {
    time.set(at('07:00:00'));
    service.received.length = 0;
    await sql`DELETE FROM push_subscriptions`.execute(db);
    await sql`DELETE FROM reservations`.execute(db);
    await setLocale(db, USER, 'en-US');
    await setLocale(db, QUICK, 'hu-HU');
  });

  it('serves one VAPID public key, kept in the database for every instance', async () => {
    expect(Buffer.from(publicKey.publicKey, 'base64url')).toHaveLength(65);
    const again = await quick.answer({ method: 'GET', path: `/${pushPaths.vapidPublicKey}` });
    expect(again.body).toEqual(publicKey);
    const stored = await sql<{
      value: string;
    }>`SELECT value FROM shared_secrets WHERE name = 'vapid-keys'`.execute(db);
    expect(JSON.parse(stored.rows[0]?.value ?? '{}').publicKey).toBe(publicKey.publicKey);
  });

  it('sends "Notifications are on" to each of the caller’s browsers, in their language, VAPID-signed and encrypted', async () => {
    const phone = await browserAt(user, '/push/user-phone');
    const laptop = await browserAt(user, '/push/user-laptop');
    const other = await browserAt(quick, '/push/quick-phone');
    const sent = await user.json<PushState>(`/${pushPaths.test}`);
    expect(sent).toEqual({ subscriptions: 2 });
    await runAllJobs(server);
    for (const [path, browser] of [
      ['/push/user-phone', phone],
      ['/push/user-laptop', laptop],
    ] as const) {
      expect(await messagesAt(path, browser)).toEqual([
        {
          title: 'ParkHere',
          body: 'Notifications are on.',
          url: '/Services/Actor/ProfileSettings/AccessViewPage',
          tag: 'test',
          lang: 'en-US',
        },
      ]);
    }
    // Another user's browser is told nothing of it.
    expect(service.received.filter((request) => request.path === '/push/quick-phone')).toEqual([]);
    await quick.json(`/${pushPaths.test}`);
    await runAllJobs(server);
    expect((await messagesAt('/push/quick-phone', other)).map((message) => message.body)).toEqual([
      'Az értesítések be vannak kapcsolva.',
    ]);
  });

  it('removes a subscription whose push service answers 410 or 404, and keeps the others', async () => {
    service.answer('/push/gone', 410);
    service.answer('/push/unknown', 404);
    await browserAt(user, '/push/gone');
    await browserAt(user, '/push/unknown');
    await browserAt(user, '/push/alive');
    await user.json(`/${pushPaths.test}`);
    await runAllJobs(server);
    expect(await endpointsOf(USER)).toEqual([`${service.origin}/push/alive`]);
  });

  it('retries a push service error as a job, and sends once it answers', async () => {
    service.answer('/push/flaky', 503);
    const browser = await browserAt(user, '/push/flaky');
    await user.json(`/${pushPaths.test}`);
    await server.app.jobs.runDue();
    await server.app.jobs.runDue();
    expect(service.received.length).toBeGreaterThanOrEqual(1);
    service.answer('/push/flaky', 201);
    await runAllJobs(server);
    const delivered = await sql<{ state: string }>`SELECT state FROM jobs WHERE kind = 'push.deliver'
      ORDER BY id DESC LIMIT 1`.execute(db);
    expect(delivered.rows[0]?.state).toBe('done');
    const messages = await messagesAt('/push/flaky', browser);
    expect(messages.at(-1)?.body).toBe('Notifications are on.');
    expect(await endpointsOf(USER)).toEqual([`${service.origin}/push/flaky`]);
  });

  it.each([
    ['ftp://127.0.0.1/push/x', 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['file:///etc/passwd', 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['http://192.0.2.1/push/x', 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://10.0.0.1/push/x', 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://192.168.1.20/push/x', 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://169.254.169.254/latest/meta-data', 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://[fd00::1]/push/x', 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://push.invalid/push/x', 'PUSH_ENDPOINT_UNRESOLVED'],
  ])('refuses the endpoint %s with 400 %s', async (endpoint, code) => {
    const answer = await subscribe(user, browserSubscription(endpoint).json);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual([{ code, level: 'ERROR', location: 'endpoint' }]);
    expect(await endpointsOf(USER)).toEqual([]);
  });

  it('refuses a body that is no PushSubscription', async () => {
    const answer = await subscribe(user, { endpoint: `${service.origin}/push/x`, keys: { auth: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual([
      { code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: 'keys.p256dh' },
    ]);
  });

  it('checks the endpoint again at sending: one that became private is removed, nothing posted', async () => {
    const browser = browserSubscription(`${service.origin}/push/moved`);
    await subscribe(user, browser.json);
    // As if its name resolved elsewhere now: the stored address is a private one.
    await sql`UPDATE push_subscriptions SET endpoint = 'https://10.20.30.40/push/moved'`.execute(db);
    await user.json(`/${pushPaths.test}`);
    await runAllJobs(server);
    expect(service.received).toEqual([]);
    expect(await endpointsOf(USER)).toEqual([]);
  });

  it('turns off only the caller’s own subscription; another user’s is never touched', async () => {
    await browserAt(user, '/push/user-only');
    await browserAt(quick, '/push/quick-only');
    const foreign = await unsubscribe(user, `${service.origin}/push/quick-only`);
    expect(foreign.body).toEqual({ subscriptions: 1 });
    expect(await endpointsOf(QUICK)).toEqual([`${service.origin}/push/quick-only`]);
    const own = await unsubscribe(user, `${service.origin}/push/user-only`);
    expect(own.body).toEqual({ subscriptions: 0 });
    expect(await endpointsOf(USER)).toEqual([]);
    expect(await endpointsOf(QUICK)).toEqual([`${service.origin}/push/quick-only`]);
  });

  it('tells the owner their check-in window opened, with "I’m here" and "Not coming", then that a no-show released it', async () => {
    await sql`UPDATE parking_garages SET check_in_required = true, check_in_early_minutes = 15,
      check_in_grace_minutes = 30 WHERE name = 'HQ Garage'`.execute(db);
    try {
      const browser = await browserAt(user, '/push/check-in');
      const id = await seedReservation(db, {
        owner: USER,
        slot: 'A-120',
        date: DAY,
        start: '09:00',
        end: '12:00',
      });
      time.set(at('08:40:00'));
      await runAllJobs(server);
      expect(service.received).toEqual([]);
      time.set(at('08:46:00'));
      await runAllJobs(server);
      time.set(at('08:48:00'));
      await runAllJobs(server);
      const [open, ...more] = await messagesAt('/push/check-in', browser);
      expect(more).toEqual([]);
      expect(open).toMatchObject({
        title: 'Check in now',
        body: expect.stringContaining('09:00–12:00, A-120'),
        url: `/?reservation=${id}`,
        tag: `check-in-open:${id}`,
        lang: 'en-US',
      });
      expect(open?.reservation?.signedIdentifier).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(open?.reservation?.actions.map((action) => [action.action, action.title])).toEqual([
        ['check-in', "I'm here"],
        ['release', 'Not coming'],
      ]);
      expect(open?.reservation?.actions[0]?.url).toMatch(new RegExp(`^${server.url}/ParkHere/check-in/`));
      expect(open?.reservation?.actions[1]?.url).toMatch(new RegExp(`^${server.url}/ParkHere/release/`));

      time.set(at('09:31:00'));
      await runAllJobs(server);
      const released = (await messagesAt('/push/check-in', browser)).at(-1);
      expect(released).toMatchObject({ title: 'Your reservation was released', tag: `no-show:${id}` });
      expect(released?.reservation?.actions).toEqual([]);
    } finally {
      await sql`UPDATE parking_garages SET check_in_required = false WHERE name = 'HQ Garage'`.execute(db);
    }
  });

  it('tells a waitlist promotion in the owner’s language, where its mail is sent, once per mail job', async () => {
    const browser = await browserAt(quick, '/push/promoted');
    const id = await seedReservation(db, {
      owner: QUICK,
      slot: 'A-105',
      date: '2026-12-02',
      start: '09:00',
      end: '12:00',
    });
    await enqueue(db, { kind: 'mail.waitlist-promoted', payload: { reservationId: id } }, time.clock());
    await runAllJobs(server);
    await runAllJobs(server);
    const [promoted, ...more] = await messagesAt('/push/promoted', browser);
    expect(more).toEqual([]);
    expect(promoted).toMatchObject({
      title: 'Helyet kapott a várólistáról',
      lang: 'hu-HU',
      url: `/?reservation=${id}`,
    });
    expect(promoted?.reservation?.actions.map((action) => action.title)).toEqual(['Nem jövök']);
  });

  it('tells a lost draw request, and whether it waits on the waitlist', async () => {
    const browser = await browserAt(user, '/push/lost');
    const requestId = await seedDrawRequest(db, {
      owner: USER,
      garage: 'HQ Garage',
      date: '2026-12-03',
      start: '08:00',
      end: '16:00',
      status: 'LOST',
    });
    await enqueue(db, { kind: 'mail.draw-lost', payload: { requestId, waiting: true } }, time.clock());
    await runAllJobs(server);
    await runAllJobs(server);
    expect(await messagesAt('/push/lost', browser)).toEqual([
      {
        title: 'No slot in the draw',
        body: expect.stringMatching(
          /^Thu, .+ 08:00–16:00\nYou are on the waitlist: you will be told when a slot frees up\.$/,
        ),
        url: '/',
        tag: `draw-lost:${requestId}`,
        lang: 'en-US',
      },
    ]);
    await sql`DELETE FROM draw_requests WHERE id = ${requestId}::bigint`.execute(db);
  });

  it('removes every subscription of a user who leaves', async () => {
    await browserAt(quick, '/push/leaver');
    const userId = await userIdOf({ db }, QUICK);
    await server.app.database.db.transaction().execute((tx) =>
      deactivate(tx, {
        userId,
        now: time.clock(),
        changedBy: 'test',
        budget: { limits: mailLimitsOf(server.config), userId },
      }),
    );
    expect(await endpointsOf(QUICK)).toEqual([]);
    await sql`UPDATE users SET is_active = true, left_at = NULL WHERE id = ${userId}::bigint`.execute(db);
  });

  it('refuses ALLOW_TEST_PUSH_ENDPOINTS at a non-local PUBLIC_URL', () => {
    expect(() =>
      loadConfig({
        PUBLIC_URL: 'https://parking.example.com',
        OIDC_ISSUER: 'https://login.example.com',
        ALLOW_TEST_PUSH_ENDPOINTS: 'true',
      }),
    ).toThrow(/ALLOW_TEST_PUSH_ENDPOINTS/);
  });
});
