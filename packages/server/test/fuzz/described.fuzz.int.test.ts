import { endpoints, headers, type OpenApiDocument } from '@parkhere/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createCheckInLinks } from '../../src/modules/check-in/index.ts';
import { loadSigningSecret } from '../../src/platform/http/signed-identifier.ts';
import { answerCheckerFor } from '../described-answers.ts';
import { LOGIN_OF, type SignedIn } from '../matrix/access-table.ts';
import { type Entity, matrixWorldOfFile } from '../matrix/fixtures.ts';
import { bearer, mintToken } from '../tokens.ts';
import { callsOf, type FuzzCall, type Genuine, type Operation, operationsOf } from './described-calls.ts';

/*
 * Issue 25, item 7: every operation /api/openapi.json describes (each path with each method, the /ParkHere
 * routes too) gets a bounded number of calls made from its description, by nobody, a forged token, the user,
 * another user, a doorman and an administrator, with genuine, generated and mutated parameters and bodies.
 * Every answer is checked: never a 5xx, a status the operation describes, a body its schema allows. A fixed
 * seed makes a failure reproducible (FUZZ_SEED, FUZZ_CALLS override it).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 2507);
const CALLS_PER_OPERATION = Number(process.env.FUZZ_CALLS ?? 12);

type Caller = 'anonymous' | 'forged' | SignedIn;
const SIGNED_IN = Object.keys(LOGIN_OF) as SignedIn[];
/** Mostly the fixtures' owner and an administrator, whose calls get furthest. */
const WEIGHTS: Record<Caller, number> = { anonymous: 1, forged: 1, user: 3, other: 2, doorman: 1, admin: 3 };

const { server, fixtures } = await matrixWorldOfFile({ rememberInstances: true });
const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
const check = await answerCheckerFor(server.url);
const db = server.app.database.db;

const authorization: Record<Caller, Record<string, string>> = {
  anonymous: {},
  forged: bearer('forged.token.value'),
  ...Object.fromEntries(
    await Promise.all(
      SIGNED_IN.map(async (who) => [who, bearer(await mintToken(server, { login: LOGIN_OF[who] }))]),
    ),
  ),
} as Record<Caller, Record<string, string>>;

/** The same genuine values for everyone: a credential in an address, which anybody may present. */
const forEveryone = (values: Record<string, string>): Record<Caller, Genuine> =>
  Object.fromEntries(
    (['anonymous', 'forged', ...SIGNED_IN] as Caller[]).map((caller) => [caller, { values }]),
  ) as Record<Caller, Genuine>;

/** The signed-in callers' own, nobody's for the others (who then present the user's). */
const byCaller = (own: Partial<Record<SignedIn, Genuine>>): Record<Caller, Genuine> => {
  const none: Genuine = { values: {} };
  const user = own.user ?? none;
  return {
    anonymous: user,
    forged: user,
    user,
    other: own.other ?? user,
    doorman: own.doorman ?? user,
    admin: own.admin ?? none,
  };
};

const json = async (caller: Caller, path: string, body?: unknown, extra: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      ...authorization[caller],
      ...extra,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== 200) {
    throw new Error(`${path} as ${caller}: ${response.status} ${await response.text()}`);
  }
  return response.json() as Promise<Record<string, unknown>>;
};

/** What the API's model calls get: the request the matrix fixtures build for each signed-in caller. */
const modelGenuine = new Map<string, Record<Caller, Genuine>>();
for (const endpoint of endpoints()) {
  const own: Partial<Record<SignedIn, Genuine>> = {};
  for (const who of SIGNED_IN) {
    const call = await fixtures.requestOf(endpoint, who).catch(() => undefined);
    if (call !== undefined) {
      own[who] = { body: call.body, values: call.headers ?? {} };
    }
  }
  modelGenuine.set(`${endpoint.method} /api${endpoint.path}`, byCaller(own));
}

/** The world's real calendar feed addresses, check-in link and file tokens, for the routes beside the API. */
const routeGenuine = async (operation: Operation): Promise<Record<Caller, Genuine>> => {
  switch (operation.path) {
    case '/ParkHere/calendar/{file}': {
      const { url } = await json('user', '/api/calendar-feed');
      return forEveryone({ file: String(url).split('/').at(-1) ?? '' });
    }
    case '/ParkHere/check-in/{token}': {
      const { rows } = await sql<{ id: string; garage: string }>`SELECT r.id, s.parking_garage_id AS garage
        FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
        WHERE r.reservation_status = 'ACTIVE' ORDER BY r.date DESC LIMIT 1`.execute(db);
      const [reservation] = rows;
      if (reservation === undefined) {
        return forEveryone({});
      }
      // Its garage asks for check-in, so the page shows its button.
      await sql`UPDATE parking_garages SET check_in_required = true WHERE id = ${reservation.garage}`.execute(
        db,
      );
      const links = createCheckInLinks(loadSigningSecret(server.app.config.signingSecret), server.url);
      const link = links.url(reservation.id, new Date(Date.now() + 30 * 86_400_000));
      return forEveryone({ token: link.split('/').at(-1) ?? '' });
    }
    case '/ParkHere/upload':
    case '/ParkHere/download': {
      const slot = (await fixtures.instanceFor('ParkingSlotSettings', 'admin')) as Entity;
      const withSlot = { [headers.signedIdentifier]: slot.__signedIdentifier };
      const { token } = await json(
        'admin',
        '/api/services/ParkingSlotSettings/floorPlan/~upload-token',
        undefined,
        withSlot,
      );
      if (operation.path === '/ParkHere/upload') {
        return byCaller({ admin: { values: { 'X-Token': String(token) } } });
      }
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], {
          type: 'image/png',
        }),
        'plan.png',
      );
      const uploaded = await fetch(`${server.url}/ParkHere/upload`, {
        method: 'POST',
        headers: { ...authorization.admin, 'X-Token': String(token) },
        body: form,
      });
      const { files } = (await uploaded.json()) as { files: { token: string }[] };
      const stored = await json(
        'admin',
        '/api/services/ParkingSlotSettings/~update',
        { floorPlan: files[0]?.token },
        {
          ...withSlot,
          [headers.mask]: '{floorPlan}',
        },
      );
      return byCaller({ admin: { values: { 'X-Token': String(stored.floorPlan), disposition: 'inline' } } });
    }
    default:
      return forEveryone({});
  }
};

const genuineFor = (operation: Operation) =>
  modelGenuine.get(`${operation.method} ${operation.path}`) ?? routeGenuine(operation);

type Received = { status: number; contentType: string | null; text: string };

const send = async (call: FuzzCall<Caller>): Promise<Received> => {
  const headers: Record<string, string> = { ...authorization[call.caller], ...call.headers };
  let body: RequestInit['body'];
  if (call.body !== undefined && 'json' in call.body) {
    body = JSON.stringify(call.body.json);
    headers['content-type'] = 'application/json';
  } else if (call.body !== undefined && 'raw' in call.body) {
    body = call.body.raw;
    headers['content-type'] = call.body.type;
  } else if (call.body !== undefined) {
    const form = new FormData();
    const { file } = call.body;
    if (file !== null) {
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    }
    body = form;
  }
  const response = await fetch(`${server.url}${call.path}`, {
    method: call.method,
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body }),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
};

const shown = (call: FuzzCall<Caller>, answer?: Received) => {
  const body =
    call.body === undefined ? '' : JSON.stringify('json' in call.body ? call.body.json : call.body);
  const sent = `${call.caller}: ${call.method} ${call.path.slice(0, 200)} ${JSON.stringify(call.headers).slice(0, 300)} ${body.slice(0, 300)}`;
  return answer === undefined ? sent : `${sent} → ${answer.status} ${answer.text.slice(0, 300)}`;
};

const operations = operationsOf(document);
const statuses = new Map<number, number>();
let sent = 0;

afterAll(() => {
  const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  process.stderr.write(
    `described-operations fuzz: seed ${SEED}, ${operations.length} operations, ${sent} calls (${counts.join(', ')})\n`,
  );
});

/** Operations by their first tag, so each test names a part of the API. */
const byTag = new Map<string, Operation[]>();
for (const operation of operations) {
  const tag = operation.described.tags?.[0] ?? 'Untagged';
  byTag.set(tag, [...(byTag.get(tag) ?? []), operation]);
}
describe(`every described operation, ${CALLS_PER_OPERATION} calls each (seed ${SEED})`, () => {
  it('covers each path and method of the description', () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'GET /ParkHere/calendar/{file}',
        'POST /ParkHere/check-in/{token}',
        'POST /ParkHere/release/{token}',
        'POST /ParkHere/upload',
      ]),
    );
  });

  for (const [tag, members] of byTag) {
    it(`${tag}: never a 5xx, only described statuses, bodies as described`, {
      timeout: 120_000,
    }, async () => {
      const problems: string[] = [];
      for (const operation of members) {
        const genuine = await genuineFor(operation);
        const calls = fc.sample(callsOf(document, operation, genuine, WEIGHTS), {
          seed: SEED + operations.indexOf(operation),
          numRuns: CALLS_PER_OPERATION,
        });
        for (const call of calls) {
          sent += 1;
          let answer: Received | undefined;
          try {
            answer = await send(call);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status >= 500) {
              throw new Error('a server error');
            }
            check({ method: call.method, path: call.path }, answer);
          } catch (error) {
            problems.push(`${(error as Error).message.slice(0, 400)}\n    ${shown(call, answer)}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
