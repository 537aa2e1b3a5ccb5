import {
  accessPoints,
  type Endpoint,
  endpoints,
  type FilterKind,
  filterableAttributes,
  headers,
  OPERATOR_ALIASES,
  OPERATORS_BY_FILTER_KIND,
  type RelationDef,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answer, Call } from '../client.ts';
import { isIdentifierBound, NOT_SERVED_YET, type SignedIn } from '../matrix/access-table.ts';
import { type Entity, matrixWorldOfFile } from '../matrix/fixtures.ts';
import { fingerprint } from './fingerprint.ts';

/*
 * Property-based fuzzing of every served endpoint: bodies, headers, masks, filters, seek objects and signed
 * identifiers. Whatever arrives, the answer is never a 5xx, and a refused call (4xx) leaves the database
 * exactly as it was. Runs are bounded so the file stays well under a minute on PGlite.
 */

/**
 * A weighted choice that keeps its weights: fast-check's bias towards "small" values would otherwise pick
 * the first or last branch in most of the early runs.
 */
const weighted = <T>(...choices: { weight: number; arbitrary: fc.Arbitrary<T> }[]): fc.Arbitrary<T> =>
  fc.noBias(fc.oneof(...choices));

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** Per endpoint family: keeps the file under a minute on PGlite. */
const MAX_RUNS = 200;

/** Types whose instance a call may leave implicit: the target of a single access point. */
const SINGLE_ACCESS_POINT_TYPES: ReadonlySet<string> = new Set(
  Object.values(accessPoints)
    .filter((accessPoint) => accessPoint.cardinality === 'one')
    .map((accessPoint) => accessPoint.target),
);

/** Real signed identifiers by transfer type, as the engine handed them out. */
const identifiers = new Map<TransferName, Entity>();
let served: Endpoint[] = [];

const { server, api, fixtures } = await matrixWorldOfFile();

beforeAll(async () => {
  served = endpoints().filter(
    (endpoint) =>
      !NOT_SERVED_YET.has(endpoint.path) &&
      server.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }),
  );
  for (const type of Object.keys(transferTypes) as TransferName[]) {
    const entity = await fixtures.instanceFor(type, 'admin').catch(() => null);
    if (entity !== null) {
      identifiers.set(type, entity);
    }
  }
});

const audience = fc.constantFrom<SignedIn>('user', 'other', 'doorman', 'admin');

/** Strings that stress parsers: empty, blanks, unicode, SQL and regex metacharacters, over-long. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '_',
    "'; DROP TABLE users; --",
    '\\',
    '(',
    '[',
    '*',
    '\u0000',
    '💥',
    '2025-02-30',
  ),
  fc.constantFrom('x'.repeat(256), 'y'.repeat(70_000)),
);
const scalar = fc.oneof(nastyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
// fast-check's objects favour keys like __proto__ and constructor, which the JSON parser refuses outright:
// kept, but rare, so most requests get past the parser.
const value = weighted(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const namesOf = (type: TransferName): string[] => [
  ...Object.keys(transferTypes[type].attributes),
  ...Object.keys(transferTypes[type].relations),
];

/** Signed identifiers that must never be acted on: tampered, garbage, of another type, or absent. */
const signedIdentifier = (type: TransferName | null): fc.Arbitrary<string | undefined> => {
  const real = [...identifiers.values()].map((entity) => entity.__signedIdentifier);
  const own = type === null ? undefined : identifiers.get(type)?.__signedIdentifier;
  const tamper = (text: string, at: number, by: string) =>
    `${text.slice(0, at % Math.max(text.length, 1))}${by}${text.slice((at % Math.max(text.length, 1)) + 1)}`;
  const wrong = fc.oneof(
    fc.constant(undefined),
    nastyString,
    fc.constantFrom('e30.e30.', 'eyJhbGciOiJub25lIn0.eyJpZCI6IjEifQ.', 'a.b.c'),
    ...(real.length > 0 ? [fc.constantFrom(...real)] : []),
    ...(own === undefined
      ? []
      : [
          fc.tuple(fc.nat(), fc.constantFrom('A', 'b', '_', '-', '0')).map(([at, by]) => tamper(own, at, by)),
        ]),
  );
  // Mostly the genuine one, so the rest of the request is what gets tested.
  return own === undefined
    ? wrong
    : weighted<string | undefined>(
        { weight: 3, arbitrary: fc.constant(own) },
        { weight: 2, arbitrary: wrong },
      );
};

const mask = (type: TransferName): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .subarray([...namesOf(type), 'unknown', '__version'], { minLength: 0 })
      .map((names) => `{${names.join(',')}}`),
    fc.constantFrom('{', '}', '{a{b{c{d{e{f{g{h{i}}}}}}}}}', '{name,,}', '{ name }', 'name', '{cars{nope}}'),
    nastyString,
  );

const operators = [
  ...new Set([...Object.values(OPERATORS_BY_FILTER_KIND).flat(), ...Object.keys(OPERATOR_ALIASES)]),
  'bogus',
];

const filterList = fc.array(
  fc.record({ operator: fc.oneof(fc.constantFrom(...operators), value), value }, { requiredKeys: [] }),
  { maxLength: 3 },
);

const pad = (n: number) => String(n).padStart(2, '0');
const validValue = (kind: FilterKind, values: readonly string[]): fc.Arbitrary<unknown> => {
  switch (kind) {
    case 'string':
      return fc.string({ maxLength: 12 });
    case 'numeric':
      return fc.integer({ min: -1000, max: 1000 });
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'dateTime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${pad(h)}:${pad(m)}:00`);
    case 'boolean':
    case 'trinaryLogic':
      return fc.boolean();
    case 'enumeration':
      return values.length === 0 ? fc.constant('X') : fc.constantFrom(...values);
  }
};

/** Filters a table could really send: a filterable attribute, one of its operators, a value of its kind. */
const validFilters = (type: TransferName): fc.Arbitrary<Record<string, unknown>> => {
  const filterable = filterableAttributes(type);
  if (filterable.length === 0) {
    return fc.constant({});
  }
  return fc
    .array(
      fc.constantFrom(...filterable).chain(([name, attribute]) =>
        fc
          .record({
            operator: fc.constantFrom(...OPERATORS_BY_FILTER_KIND[attribute.filter]),
            value: validValue(attribute.filter, attribute.enumeration?.values ?? []),
          })
          .map(
            (filter) =>
              [name, [filter.operator.startsWith('is') ? { operator: filter.operator } : filter]] as const,
          ),
      ),
      { maxLength: 2 },
    )
    .map((entries) => Object.fromEntries(entries));
};

const queryCustomizer = (type: TransferName): fc.Arbitrary<unknown> => {
  const names = [...namesOf(type), 'nope'];
  const structured = fc
    .record(
      {
        _mask: fc.oneof(mask(type), value),
        _identifier: fc.oneof(signedIdentifier(type), value),
        _seek: fc.oneof(
          fc.record(
            {
              limit: fc.oneof(fc.integer({ min: -5, max: 2000 }), value),
              lastItem: fc.oneof(
                value,
                signedIdentifier(type).map((id) => ({ __signedIdentifier: id })),
                fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 3 }),
              ),
              reverse: fc.oneof(fc.boolean(), value),
            },
            { requiredKeys: [] },
          ),
          value,
        ),
        _orderBy: fc.oneof(
          fc.array(
            fc.record(
              {
                attribute: fc.oneof(fc.constantFrom(...names), value),
                descending: fc.oneof(fc.boolean(), value),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 7 },
          ),
          value,
        ),
      },
      { requiredKeys: [] },
    )
    .chain((base) =>
      fc
        .dictionary(fc.constantFrom(...names), fc.oneof(filterList, value), { maxKeys: 3 })
        .map((filters) => ({ ...base, ...filters })),
    );
  const plausible = fc
    .record(
      {
        _mask: mask(type),
        _seek: fc.record(
          { limit: fc.integer({ min: 1, max: 50 }), reverse: fc.boolean() },
          { requiredKeys: [] },
        ),
        _orderBy: fc.array(
          fc.record({
            attribute: fc.constantFrom(...filterableAttributes(type).map(([name]) => name), 'nope'),
            descending: fc.boolean(),
          }),
          { maxLength: 2 },
        ),
      },
      { requiredKeys: [] },
    )
    .chain((base) => validFilters(type).map((filters) => ({ ...base, ...filters })));
  return weighted<unknown>(
    { weight: 3, arbitrary: plausible },
    { weight: 2, arbitrary: structured },
    { weight: 1, arbitrary: value },
  );
};

/** An entity-shaped body: known attribute names with values of any type, sometimes unknown ones. */
const entityBody = (type: TransferName): fc.Arbitrary<unknown> => {
  const keys = fc.constantFrom(...namesOf(type), '__version', '__signedIdentifier', 'nope');
  const real = identifiers.get(type);
  const random = fc.dictionary(keys, value, { maxKeys: 6 });
  // The instance as the engine sent it, with one or two fields changed: reaches the write paths.
  const edited =
    real === undefined
      ? random
      : fc
          .dictionary(keys, fc.oneof(value, validValue('string', [])), { maxKeys: 2 })
          .map((changes) => ({ ...real, ...changes }));
  return weighted<unknown>(
    { weight: 3, arbitrary: edited },
    { weight: 2, arbitrary: random },
    { weight: 1, arbitrary: value },
  );
};

const relationTarget = (type: TransferName, relation: string): TransferName => {
  const relations: Readonly<Record<string, RelationDef>> = transferTypes[type].relations;
  return (relations[relation]?.target ?? type) as TransferName;
};

/** What a well-meaning client would send to an endpoint, with every part open to garbage. */
const requestFor = (endpoint: Endpoint): fc.Arbitrary<Call> => {
  const ownerType: TransferName | null =
    endpoint.kind === 'accessPoint' || endpoint.kind === 'accessPointCreate' ? null : endpoint.type;
  const body = ((): fc.Arbitrary<unknown> => {
    switch (endpoint.kind) {
      case 'accessPoint':
        return queryCustomizer(accessPoints[endpoint.accessPoint].target as TransferName);
      case 'accessPointCreate':
        return entityBody(accessPoints[endpoint.accessPoint].target as TransferName);
      case 'instance':
        return endpoint.call === '~get' ? queryCustomizer(endpoint.type) : entityBody(endpoint.type);
      case 'template':
        return fc.constant(undefined);
      case 'relation': {
        const target = relationTarget(endpoint.type, endpoint.relation);
        return endpoint.call === '~range'
          ? fc.oneof(
              fc.record(
                { owner: entityBody(endpoint.type), queryCustomizer: queryCustomizer(target) },
                { requiredKeys: [] },
              ),
              value,
            )
          : queryCustomizer(target);
      }
      case 'relationUpdate':
        return fc.oneof(
          entityBody(relationTarget(endpoint.type, endpoint.relation)),
          fc.array(entityBody(relationTarget(endpoint.type, endpoint.relation)), { maxLength: 3 }),
        );
      case 'operation':
      case 'uploadToken':
        return fc.oneof(fc.constant(undefined), value);
    }
  })();
  return fc
    .record({
      body,
      signed: signedIdentifier(ownerType),
      // Headers are absent half the time; malformed JSON is one request in ten.
      mask: weighted<string | undefined>(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: mask(ownerType ?? 'Car') },
      ),
      count: weighted<string | undefined>(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.oneof(fc.constantFrom('true', 'false'), nastyString) },
      ),
      raw: weighted<string | undefined>(
        { weight: 9, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{', '[1,', '{"a":}', 'null x')),
        },
      ),
    })
    .map(({ body: payload, signed, mask: maskHeader, count, raw }) => {
      const extra: Record<string, string> = {};
      // Header values must be valid HTTP header text; anything else never leaves the client.
      const header = (name: string, text: string | undefined) => {
        if (text !== undefined && /^[\t\x20-\x7e]*$/.test(text) && text.length < 8000) {
          extra[name] = text;
        }
      };
      header(headers.signedIdentifier, signed);
      header(headers.mask, maskHeader);
      header(headers.countRecords, count);
      if (endpoint.method === 'GET') {
        return { method: endpoint.method, path: endpoint.path, headers: extra };
      }
      return raw === undefined
        ? { method: endpoint.method, path: endpoint.path, headers: extra, body: payload }
        : { method: endpoint.method, path: endpoint.path, headers: extra, rawBody: raw };
    });
};

type Family = { name: string; matches: (endpoint: Endpoint) => boolean };

const FAMILIES: Family[] = [
  { name: 'access point reads', matches: (e) => e.kind === 'accessPoint' },
  {
    name: 'instance reads and templates',
    matches: (e) => (e.kind === 'instance' && e.call === '~get') || e.kind === 'template',
  },
  { name: 'relation lists, gets and ranges', matches: (e) => e.kind === 'relation' },
  {
    name: 'creates, updates, deletes and validations',
    matches: (e) => e.kind === 'accessPointCreate' || (e.kind === 'instance' && e.call !== '~get'),
  },
  { name: 'relation updates', matches: (e) => e.kind === 'relationUpdate' },
  {
    name: 'operations and upload tokens',
    matches: (e) => e.kind === 'operation' || e.kind === 'uploadToken',
  },
];

const describeAnswer = (call: Call, answer: Answer) =>
  `${call.method} ${call.path} ${JSON.stringify(call.headers)} ${call.rawBody ?? JSON.stringify(call.body)?.slice(0, 500)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;

describe('fuzzing every served endpoint', () => {
  /** A range names its owner in the body (it may be an unsaved form); every other call in the header. */
  const withIdentifier = (call: Call, identifier: string | undefined): Call => {
    const body = call.body as { owner?: Record<string, unknown> } | undefined;
    if (call.path.endsWith('/~range') && body?.owner !== undefined) {
      const { __signedIdentifier: _genuine, ...owner } = body.owner;
      return {
        ...call,
        body: {
          ...body,
          owner: identifier === undefined ? owner : { ...owner, __signedIdentifier: identifier },
        },
      };
    }
    return identifier === undefined
      ? call
      : { ...call, headers: { ...call.headers, [headers.signedIdentifier]: identifier } };
  };

  // First, while the world is still the seeded one the fixtures look up.
  it('never acts on a tampered, wrong-type, garbage or missing signed identifier', async () => {
    const bound = served.filter(isIdentifierBound);
    expect(bound.length).toBeGreaterThan(0);
    const refusals: string[] = [];
    for (const endpoint of bound) {
      // The administrator's own valid request, so only the identifier is wrong.
      const call = await fixtures.requestOf(endpoint, 'admin');
      const genuine = call.headers?.[headers.signedIdentifier] ?? '';
      const [head = '', payload = '', signature = ''] = genuine.split('.');
      const type = 'type' in endpoint ? endpoint.type : null;
      const foreign = [...identifiers.entries()].find(([other]) => other !== type)?.[1];
      const variants: Record<string, string | undefined> = {
        // Flipping the payload keeps it well-formed base64url: only the signature check can catch it.
        tampered: `${head}.${payload.slice(0, -2)}${payload.endsWith('A') ? 'B' : 'A'}${payload.slice(-1)}.${signature}`,
        'wrong type': foreign?.__signedIdentifier,
        garbage: 'a.b.c',
      };
      // Without an identifier a call may mean the actor's own instance of a single access point's type (SPEC §7:
      // the header is optional), a new instance (an upload token for a create form) or an unsaved owner (~range).
      const implicit =
        (type !== null && SINGLE_ACCESS_POINT_TYPES.has(type)) ||
        endpoint.kind === 'uploadToken' ||
        (endpoint.kind === 'relation' && endpoint.call === '~range');
      if (!implicit) {
        variants.missing = undefined;
      }
      for (const [variant, identifier] of Object.entries(variants)) {
        const before = await fingerprint(server);
        const { [headers.signedIdentifier]: _genuine, ...others } = call.headers ?? {};
        const answer = await api('admin', withIdentifier({ ...call, headers: others }, identifier));
        const shown = `${variant} identifier: ${describeAnswer(call, answer)}`;
        if (![400, 404].includes(answer.status)) {
          refusals.push(shown);
        }
        expect(await fingerprint(server), `wrote with a ${shown}`).toBe(before);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('refuses a stale signed identifier after an update and writes nothing', async () => {
    const car = identifiers.get('Car');
    expect(car, 'no Car fixture').toBeDefined();
    if (car === undefined) {
      return;
    }
    const profile = await api('user', {
      method: 'POST',
      path: '/services/Actor/profileSettings/~get',
      body: {},
    });
    const cars = await api('user', {
      method: 'POST',
      path: '/services/ProfileSettings/cars/~list',
      headers: { [headers.signedIdentifier]: (profile.body as Entity).__signedIdentifier },
      body: {},
    });
    const [current] = cars.body as Entity[];
    expect(current).toBeDefined();
    if (current === undefined) {
      return;
    }
    const update = (entity: Entity, model: string) =>
      api('user', {
        method: 'POST',
        path: '/services/Car/~update',
        headers: { [headers.signedIdentifier]: entity.__signedIdentifier },
        body: { ...entity, model },
      });
    expect((await update(current, 'Fresh')).status).toBe(200);
    const before = await fingerprint(server);
    const stale = await update(current, 'Stale');
    expect([400, 404, 409]).toContain(stale.status);
    expect(await fingerprint(server)).toBe(before);
  });

  for (const family of FAMILIES) {
    it(`${family.name}: never a 5xx, and a refused call writes nothing`, async () => {
      const members = served.filter(family.matches);
      expect(members.length, `no served endpoint in ${family.name}`).toBeGreaterThan(0);
      let before = await fingerprint(server);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...members).chain((endpoint) => requestFor(endpoint)),
          audience,
          async (call, who) => {
            const answer = await api(who, call);
            expect(answer.status, describeAnswer(call, answer)).toBeLessThan(500);
            const after = await fingerprint(server);
            if (answer.status >= 400) {
              expect(after, `wrote despite ${describeAnswer(call, answer)}`).toBe(before);
            }
            before = after;
          },
        ),
        { numRuns: Math.min(MAX_RUNS, RUNS * Math.ceil(members.length / 4)) },
      );
    });
  }
});
