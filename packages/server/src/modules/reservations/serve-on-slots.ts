import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { AnyJobRequest } from '../../platform/jobs/job-types.ts';
import { OWNER_MAILS_ONLY } from '../notifications/index.ts';
import { mailsOthers, plannedRows, planOf } from './create-plan.ts';
import { countUpcomingOf, readFactsRows } from './facts-queries.ts';
import { insertReservations, type NewReservationRow, rowKey } from './repository.ts';
import { createFactsOf } from './reservation-facts.ts';
import { quotaApplies } from './rules/index.ts';
import { createOf, type ReservationRequest, type Serving, serveRequest } from './serve-request.ts';

/** A request and the one slot it is to be served on. */
export type SlotRequest = { request: ReservationRequest; slotId: string };

type Served = { created: string } | null;

/**
 * One request of each owner a round, in the order given: a later request of an owner counts (its quota) what
 * the earlier rounds made.
 */
function roundsOf(requests: readonly SlotRequest[]): number[][] {
  const rounds: number[][] = [];
  const taken = new Map<string, number>();
  requests.forEach((each, index) => {
    const round = taken.get(each.request.userId) ?? 0;
    taken.set(each.request.userId, round + 1);
    const members = rounds[round] ?? [];
    members.push(index);
    rounds[round] = members;
  });
  return rounds;
}

/** A round: each create planned under every rule of serveRequest's, read and inserted once for all. */
async function serveRound(
  transaction: Kysely<DB>,
  requests: readonly SlotRequest[],
  serving: Serving,
): Promise<Served[]> {
  // By owner, so two rounds (two draws) lock their owners in one order and never wait for each other crosswise.
  const order = requests
    .map((_, index) => index)
    .sort((a, b) => Number(requests[a]?.request.userId) - Number(requests[b]?.request.userId));
  const creates = order.map((index) => {
    const { request, slotId } = requests[index] as SlotRequest;
    return createOf(request, slotId, serving);
  });
  const facts = await readFactsRows(transaction, creates, true);
  const counts = await countUpcomingOf(
    transaction,
    creates.map((create) => ({ ownerId: create.userId ?? '', joining: create.seriesId ?? null })),
    serving.now,
  );
  const rows: NewReservationRow[] = [];
  const jobsByRow: Record<string, AnyJobRequest[]> = {};
  const keys: (string | null)[] = creates.map((create, at) => {
    const read = createFactsOf(facts[at] ?? {}, create.scope, serving.now);
    const quota = quotaApplies(create.input.reservationType, create.scope);
    const plan = planOf(create, read, quota ? (counts[at] ?? NONE) : NONE);
    const [interval] = plan.intervals;
    if (plan.violations.length > 0 || interval === undefined || create.slotId === null) {
      return null;
    }
    const planned = plannedRows(create, read, plan, serving.now, OWNER_MAILS_ONLY);
    rows.push(...planned.rows);
    Object.assign(jobsByRow, planned.jobsByRow);
    return rowKey(create.slotId, interval.start);
  });
  const result =
    rows.length === 0
      ? undefined
      : await insertReservations(transaction, {
          rows,
          holds: sql<boolean>`TRUE`,
          jobsByRow,
          answer: () => sql`NULL`,
          now: serving.now,
        });
  // A row left out (ON CONFLICT DO NOTHING) is a slot taken or an own overlapping reservation: not served.
  const created = new Map((result?.keys ?? []).map((key, at) => [key, result?.ids?.[at] ?? ''] as const));
  const served: Served[] = new Array(requests.length).fill(null);
  order.forEach((index, at) => {
    const key = keys[at];
    const id = key === null || key === undefined ? undefined : created.get(key);
    served[index] = id === undefined ? null : { created: id };
  });
  return served;
}

const NONE = { normal: 0, guest: 0, longSeries: 0 };

/**
 * Many requests served at once, each on the one slot named for it (a fair draw's winners), in the caller's
 * transaction: what serveRequest does for each (its create, under every rule of the owner's own create, the
 * same rules and the same SQL), but with the reads and the insert made once for all of them rather than with
 * a savepoint, four statements and a release each. Needs no savepoint: a refused request writes nothing (the
 * rules refuse before the insert, and the insert leaves out a row whose slot or time is taken instead of
 * failing). A request whose reservation mails others (a guest, the doormen) spends a mail budget first, so it
 * is served on its own by serveRequest. Answers, in the order given, each request's reservation, or null when
 * a rule refused it or its slot or time was taken.
 */
export async function serveOnSlots(
  transaction: Kysely<DB>,
  requests: readonly SlotRequest[],
  serving: Serving,
): Promise<Served[]> {
  const served: Served[] = new Array(requests.length).fill(null);
  const together: number[] = [];
  for (const [index, { request, slotId }] of requests.entries()) {
    if (mailsOthers(createOf(request, slotId, serving))) {
      served[index] = await serveRequest(transaction, request, { garageId: null, slotId }, serving);
    } else {
      together.push(index);
    }
  }
  for (const round of roundsOf(together.map((index) => requests[index] as SlotRequest))) {
    const answers = await serveRound(
      transaction,
      round.map((at) => requests[together[at] as number] as SlotRequest),
      serving,
    );
    round.forEach((at, position) => {
      served[together[at] as number] = answers[position] ?? null;
    });
  }
  return served;
}
