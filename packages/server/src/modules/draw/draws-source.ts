import { sql } from 'kysely';
import { administeredRows, adminOnly, noRows, type RequestScope } from '../../engine/access.ts';
import { ascending, entitySource, inputForm, ref, type Sql } from '../../engine/source.ts';
import { assertExpiryAhead } from './priorities.ts';

/*
 * The administrators' side of the draw, as the engine reads it: each draw that ran (ReservationsPanel.draws),
 * read from its record (draw-records.ts: the frozen inputs and the outcome as JSON), each request it took with
 * its weight, priority and result, and the need-based priorities. Only administrators read any of it: who
 * asked with which priority is health-related, and about other people.
 */

const administratorsOnly = (_alias: string, scope: RequestScope): Sql => adminOnly(scope);

/** `d`: the record of the draw that took the request `alias` (its garage's day), joined with `joined`. */
const fromDrawOf = (alias: string, joined: Sql = sql``) =>
  sql`FROM draws d ${joined}
    WHERE d.parking_garage_id = ${ref(alias, 'parking_garage_id')} AND d.date = ${ref(alias, 'date')}
      AND d.ran_at IS NOT NULL`;

/** The request's input to its draw (run-draw.ts' DrawRequestInput) as jsonb. */
const inputOf = (alias: string): Sql =>
  sql`(SELECT r ${fromDrawOf(alias, sql`CROSS JOIN LATERAL jsonb_array_elements(d.inputs->'requests') r`)}
      AND r->>'requestId' = ${ref(alias, 'id')}::text)`;

/** What `pick` takes of where the outcome placed the request: `o.e` its element, `o.n` its place. */
const placedOf = (alias: string, pick: Sql): Sql =>
  sql`(SELECT ${pick} ${fromDrawOf(
    alias,
    sql`CROSS JOIN LATERAL jsonb_array_elements((d.outcome->'winners') || (d.outcome->'losers'))
      WITH ORDINALITY o(e, n)`,
  )} AND o.e->>'requestId' = ${ref(alias, 'id')}::text)`;

/** A winner whose reservation a rule refused when it was made (served without a reservation). */
const refusedWinner = (alias: string): Sql =>
  sql`EXISTS (SELECT 1 ${fromDrawOf(alias, sql`CROSS JOIN LATERAL jsonb_array_elements(d.outcome->'served') s`)}
      AND s->>'requestId' = ${ref(alias, 'id')}::text AND s->'reservationId' = 'null'::jsonb)`;

const slotNameOf = (slotId: Sql): Sql =>
  sql`(SELECT s.aggregared_name FROM parking_slots s WHERE s.id = (${slotId})::bigint)`;

const userColumn = (column: string) => (alias: string) =>
  sql`(SELECT u.${sql.raw(column)} FROM users u WHERE u.id = ${ref(alias, 'user_id')})`;

/** A request as its draw took it; its rows are the draw_requests the draw's inputs name. */
export const drawEntrySource = entitySource('DrawEntry', {
  table: 'draw_requests',
  derived: {
    userName: userColumn('name'),
    userEmail: userColumn('email'),
    weight: (alias) => sql`round((${inputOf(alias)}->>'weight')::numeric, 2)::text`,
    priority: (alias) => sql`(${inputOf(alias)}->>'priority')`,
    preferredSlotName: (alias) => slotNameOf(sql`${inputOf(alias)}->>'preferredSlotId'`),
    mayReserve: (alias) => sql`(${inputOf(alias)}->>'mayReserve')::boolean`,
    result: (alias) =>
      sql`(CASE WHEN ${placedOf(alias, sql`o.e ? 'slotId'`)} IS NOT TRUE THEN 'LOST'
        WHEN ${refusedWinner(alias)} THEN 'REFUSED' ELSE 'WON' END)`,
    slotName: (alias) => slotNameOf(placedOf(alias, sql`o.e->>'slotId'`)),
    place: (alias) => placedOf(alias, sql`o.n::int`),
    waitlisted: (alias) =>
      sql`COALESCE((SELECT d.outcome->'waiting' ? ${ref(alias, 'id')}::text ${fromDrawOf(alias)}), false)`,
  },
  notNull: ['date', 'startTime', 'endTime', 'reservationType'],
  defaultOrder: ascending('place'),
  scope: administratorsOnly,
  // A request changes only through its own operations (DrawRequest).
  updateable: noRows,
  deleteable: noRows,
});

/** A garage's day as drawn; one that was seeded and has not run (yet) is not listed. */
export const drawSource = entitySource('Draw', {
  table: 'draws',
  derived: {
    parkingGarageName: (alias) =>
      sql`(SELECT g.name FROM parking_garages g WHERE g.id = ${ref(alias, 'parking_garage_id')})`,
    slotCount: (alias) => sql`jsonb_array_length(${ref(alias, 'inputs')}->'slots')`,
    waitingCount: (alias) =>
      sql`jsonb_array_length(COALESCE(${ref(alias, 'outcome')}->'waiting', '[]'::jsonb))`,
  },
  relations: {
    entries: {
      link: (owner, alias) =>
        sql`${ref(alias, 'id')} IN (SELECT (r->>'requestId')::bigint FROM draws d
          CROSS JOIN LATERAL jsonb_array_elements(d.inputs->'requests') r WHERE d.id = ${owner})`,
    },
  },
  notNull: ['date', 'seed', 'requestCount', 'winnerCount', 'ranAt'],
  defaultOrder: [{ attribute: 'date', descending: true }],
  scope: (alias, scope) => sql`(${adminOnly(scope)} AND ${ref(alias, 'ran_at')} IS NOT NULL)`,
  // A draw is kept as it ran.
  updateable: noRows,
  deleteable: noRows,
});

export const drawPrioritySource = entitySource('DrawPriority', {
  table: 'draw_priorities',
  notNull: ['category', 'expires'],
  defaultOrder: ascending('expires', 'category'),
  ...administeredRows,
  beforeWrite: (db, { columns }, { scope }) => assertExpiryAhead(db, columns.expires, scope.now),
});

/** Draw.replay's answer and its entries: computed, not stored (replay-draw.ts). */
export const drawReplaySource = inputForm('DrawReplay', { entries: {} });
export const drawReplayEntrySource = inputForm('DrawReplayEntry');
