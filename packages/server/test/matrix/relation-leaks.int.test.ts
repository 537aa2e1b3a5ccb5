import {
  type Endpoint,
  endpoints,
  headers,
  MASK_MAX_RELATION_DEPTH,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Call } from '../client.ts';
import { userIdOf } from '../world.ts';
import { LOGIN_OF, type SignedIn } from './access-table.ts';
import { type Entity, matrixWorldOfFile } from './fixtures.ts';

/*
 * What relation calls hand out, not only their status: every relation `~list`, `~get` and `~range`, called by
 * each non-administrator with no owner, the owner of the fixtures, an administrator's owner, drafts pointing at
 * somebody else's rows, and masks that reach into every nested relation. Whatever status comes back, no row
 * in the answer, however deeply nested, may be one the caller could not read by themself (DESIGN §1, §5).
 * The oracle below is written from the design's words in SQL of its own, not from the engine's policy.
 */

const actorIds = new Map<SignedIn, string>();

const { server, api, fixtures } = await matrixWorldOfFile();

beforeAll(async () => {
  for (const [audience, login] of Object.entries(LOGIN_OF)) {
    actorIds.set(audience as SignedIn, await userIdOf(server, `${login}@parkhere.example`));
  }
});

type Found = { entity: string; id: string; path: string };

/** Every stored row in an answer, at any depth, with where it was found. */
const rowsIn = (value: unknown, path = '', found: Found[] = []): Found[] => {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      rowsIn(item, `${path}[${index}]`, found);
    });
    return found;
  }
  if (typeof value !== 'object' || value === null) {
    return found;
  }
  const record = value as Record<string, unknown>;
  const type = String(record.__entityType ?? '').replace(/^ParkHere::/, '') as TransferName;
  const entity = transferTypes[type]?.entity;
  if (entity !== undefined && entity !== null && typeof record.__identifier === 'string') {
    found.push({ entity, id: record.__identifier, path });
  }
  for (const [key, child] of Object.entries(record)) {
    if (!key.startsWith('__')) {
      rowsIn(child, path === '' ? key : `${path}.${key}`, found);
    }
  }
  return found;
};

/** The entities whose rows a person who is not an administrator reads only when the row names them as its user. */
const OWN_ROW_TABLES: Readonly<Record<string, string>> = {
  Car: 'cars',
  Holiday: 'holidays',
  WaitlistEntry: 'waitlist_entries',
  DrawRequest: 'draw_requests',
};

/** Whether a person who is not an administrator may read this row (DESIGN §1, §3, §4). */
async function mayRead(audience: SignedIn, row: Found): Promise<boolean> {
  const db = server.app.database.db;
  const actor = actorIds.get(audience) ?? '';
  const email = `${LOGIN_OF[audience]}@parkhere.example`;
  const holds = async (predicate: ReturnType<typeof sql>) =>
    (await sql<{ ok: boolean }>`SELECT (${predicate}) AS ok`.execute(db)).rows[0]?.ok === true;
  const doormanOf = (garage: ReturnType<typeof sql>) =>
    sql`EXISTS (SELECT 1 FROM doorman_garages dg JOIN doormen d ON d.id = dg.doorman_id
      WHERE lower(d.email) = lower(${email}) AND dg.parking_garage_id = ${garage})`;
  const accessed = (garage: ReturnType<typeof sql>) =>
    sql`EXISTS (SELECT 1 FROM user_accessed_garages ua WHERE ua.user_id::text = ${actor}
      AND ua.parking_garage_id = ${garage})`;
  const ownTable = OWN_ROW_TABLES[row.entity];
  if (ownTable !== undefined) {
    return holds(
      sql`EXISTS (SELECT 1 FROM ${sql.table(ownTable)} o WHERE o.id::text = ${row.id} AND o.user_id::text = ${actor})`,
    );
  }
  switch (row.entity) {
    case 'User':
      // Themself only: no other person's row, flags, cars or holidays.
      return holds(sql`${row.id} = ${actor}`);
    case 'ParkingGarage':
      return holds(sql`EXISTS (SELECT 1 FROM parking_garages g WHERE g.id::text = ${row.id} AND (${accessed(sql`g.id`)}
        OR EXISTS (SELECT 1 FROM user_id_card_garages uc WHERE uc.user_id::text = ${actor} AND uc.parking_garage_id = g.id)
        OR ${doormanOf(sql`g.id`)}))`);
    case 'ParkingSlot':
      // Active, non-exclusive slots of the garages they may reserve in, and their own preferred slot; for a
      // doorman, the slots of the garages they guard (the arrivals' slots, and where a walk-in guest is
      // recorded: issue 31 §3), no other garage's.
      return holds(sql`EXISTS (SELECT 1 FROM parking_slots s WHERE s.id::text = ${row.id}
        AND ((s.is_active AND NOT s.is_exclusive AND ${accessed(sql`s.parking_garage_id`)})
          OR s.id = (SELECT u.preferred_parking_slot_id FROM users u WHERE u.id::text = ${actor})
          OR ${doormanOf(sql`s.parking_garage_id`)}))`);
    case 'Reservation':
      // Their own, and for a doorman the arrivals of their garages.
      return holds(sql`EXISTS (SELECT 1 FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
        WHERE r.id::text = ${row.id} AND (r.owner_id::text = ${actor} OR ${doormanOf(sql`s.parking_garage_id`)}))`);
    default:
      // Configuration, doormen and additional days are administrators' alone.
      return false;
  }
}

/** All attributes and every relation down to `depth` levels, never back into an entity already on the path. */
const deepMask = (type: TransferName, depth: number, path: ReadonlySet<string> = new Set()): string => {
  const definition = transferTypes[type];
  const seen = new Set(path);
  if (definition.entity !== null) {
    seen.add(definition.entity);
  }
  const parts: string[] = Object.keys(definition.attributes);
  if (depth > 0) {
    for (const [name, relation] of Object.entries(definition.relations)) {
      const target = relation.target as TransferName;
      const entity = transferTypes[target].entity;
      if (entity === null || !seen.has(entity)) {
        parts.push(`${name}${deepMask(target, depth - 1, seen)}`);
      }
    }
  }
  return `{${parts.join(',')}}`;
};

type RelationEndpoint = Extract<Endpoint, { kind: 'relation' }>;
// An export reads the rows its ~list reads, into a file without identifiers (export.int.test.ts has its scope).
const relationCalls = endpoints().filter(
  (endpoint): endpoint is RelationEndpoint => endpoint.kind === 'relation' && endpoint.call !== '~export',
);

/** Drafts of a form that point each one-relation at a row of the administrator's (somebody else's). */
async function hostileDraft(type: TransferName): Promise<Record<string, unknown>> {
  const draft: Record<string, unknown> = { __entityType: transferTypes[type].entityType };
  for (const [name, relation] of Object.entries(transferTypes[type].relations)) {
    if (relation.cardinality === 'one') {
      const foreign = await fixtures.instanceFor(relation.target as TransferName, 'admin');
      if (foreign !== null) {
        draft[name] = { __signedIdentifier: foreign.__signedIdentifier };
      }
    }
  }
  return draft;
}

async function callsOf(endpoint: RelationEndpoint): Promise<Call[]> {
  const owners: (Entity | null)[] = [
    null,
    await fixtures.instanceFor(endpoint.type, 'user'),
    await fixtures.instanceFor(endpoint.type, 'admin'),
  ];
  const target = (transferTypes[endpoint.type].relations as Record<string, { target: string }>)[
    endpoint.relation
  ]?.target as TransferName;
  const masks = [{}, { _mask: deepMask(target, MASK_MAX_RELATION_DEPTH) }];
  const calls: Call[] = [];
  for (const customizer of masks) {
    if (endpoint.call === '~range') {
      const drafts: unknown[] = [{}, await hostileDraft(endpoint.type), ...owners.filter((o) => o !== null)];
      for (const owner of drafts) {
        calls.push({ method: 'POST', path: endpoint.path, body: { owner, queryCustomizer: customizer } });
      }
      continue;
    }
    for (const owner of owners) {
      calls.push({
        method: 'POST',
        path: endpoint.path,
        body: customizer,
        headers: owner === null ? {} : { [headers.signedIdentifier]: owner.__signedIdentifier },
      });
    }
  }
  return calls;
}

describe('relation calls hand out nothing the caller may not read', () => {
  it('covers every relation call of the contract', () => {
    expect(relationCalls.length).toBeGreaterThan(30);
  });
  for (const endpoint of relationCalls) {
    for (const audience of ['user', 'other', 'doorman'] as const) {
      it(`${endpoint.path} as ${audience}`, async () => {
        const leaks: string[] = [];
        for (const call of await callsOf(endpoint)) {
          const answer = await api(audience, call);
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          if (answer.status !== 200) {
            continue;
          }
          for (const row of rowsIn(answer.body)) {
            if (!(await mayRead(audience, row))) {
              leaks.push(
                `${row.entity} ${row.id} at ${row.path || '(root)'} for ${JSON.stringify(call.body)}`,
              );
            }
          }
        }
        expect(leaks).toEqual([]);
      });
    }
  }
});
