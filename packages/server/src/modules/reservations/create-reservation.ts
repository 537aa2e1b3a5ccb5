import { BoundedCache, type Notice } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { type Stamp, stampExpression, userStamp } from '../../platform/db/actor-stamp.ts';
import { retryingDeadlocks } from '../../platform/db/deadlock-retry.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { declaredCounter } from '../../platform/observability/counter.ts';
import { assertNoViolation, business, toDomainError } from '../../platform/violation.ts';
import { type OthersMails, OWNER_MAILS_ONLY, othersMailsOfCreate } from '../notifications/index.ts';
import {
  type CreateReservationInput,
  carOf,
  mailsOthers,
  othersWanted,
  type PlannedRequest,
  plannedRows,
  planOf,
} from './create-plan.ts';
import { countUpcoming, factsHold, ownerStaysActive, readFactsRow } from './facts-queries.ts';
import { overlapConflict } from './free-slots.ts';
import { insertReservations } from './repository.ts';
import { type CreateFacts, createFactsOf, type FactsRow, type Parties } from './reservation-facts.ts';
import { quotaApplies, type ReservationPlan, slotOfferOf, type UpcomingCounts } from './rules/index.ts';

export type { CreateReservationInput, PlannedRequest } from './create-plan.ts';

/** The created ids in date order, the caller's `answer` of them and the notices of mails withheld. */
export type CreatedReservations = { ids: string[]; answer: unknown; notices?: Notice[] };

/** The identifier a client can reserve with instead of the taken slot; the REST layer signs it. */
export type NextFreeSlot = { nextFreeSlotId: string | null };

const NO_UPCOMING: UpcomingCounts = { normal: 0, guest: 0, longSeries: 0 };

/**
 * The facts a create read last, per parties. Only a hint: a create that plans with them inserts only if the
 * stored facts are still the same (`factsHold`), in the one statement that inserts.
 */
const lastFacts = new BoundedCache<string, FactsRow>(10_000);
const partiesKey = (parties: Parties) => JSON.stringify([parties.userId, parties.carId, parties.slotId]);
const rememberFacts = (parties: Parties, row: FactsRow) => lastFacts.set(partiesKey(parties), row);

/**
 * UserReservationPanel.reservation and ReservationsPanel.reservation: every rule of DESIGN §4, then one row
 * per reserved day (LONG: each working day, all or nothing). A taken slot or an overlapping reservation of
 * the owner is the exclusion constraints' 409, with the next free slot for the same times.
 *
 * Every statement is a round trip, so the common create is one statement: when no quota applies and the
 * plan is one day, it plans with the facts it read last for the same parties and inserts, queues the mails
 * and reads the answer in one statement that holds only while those facts do. Otherwise (a quota to count
 * under the owner's lock, a series to insert all or nothing, facts unknown or changed) it reads the facts
 * and inserts in one transaction. Either way the insert itself stamps its transaction with the actor for the
 * audit log (`user:<id>`), so the stamp costs no round trip of its own.
 */
export async function createReservation(
  db: Kysely<DB>,
  request: CreateReservationInput,
): Promise<CreatedReservations> {
  const created = await createCommitted(db, request);
  reservationsCreated.inc(created.ids.length);
  return created;
}

/** Reservations users and administrators made (a series counts each day), once committed. */
export const reservationsCreated = declaredCounter(
  'parkhere_reservations_created_total',
  'Reservations made by users and administrators (each day of a series counts).',
);

async function createCommitted(
  db: Kysely<DB>,
  request: CreateReservationInput,
): Promise<CreatedReservations> {
  const { scope } = request;
  if (request.panel === 'administration' && !scope.isAdministrator) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
  const now = request.now ?? new Date();
  const stamp: Stamp = userStamp(scope.userId, scope.origin);
  const parties: Parties = { userId: request.userId, carId: request.carId, slotId: request.slotId };
  const countsQuota = quotaApplies(request.input.reservationType, scope);
  // Mails to others spend a budget, counted in a transaction.
  const known = countsQuota || mailsOthers(request) ? undefined : lastFacts.get(partiesKey(parties));
  if (known !== undefined) {
    const facts = createFactsOf(known, scope, now);
    const plan = planOf(request, facts, NO_UPCOMING);
    if (plan.violations.length === 0 && plan.intervals.length === 1) {
      const created = await insertPlanned(db, request, facts, plan, now, known, stamp, OWNER_MAILS_ONLY);
      if (created !== 'facts changed') {
        return created;
      }
    }
    // A violation is only answered on fresh facts, and changed facts are read again.
    lastFacts.delete(partiesKey(parties));
  }
  return retryingDeadlocks(() =>
    db.transaction().execute((transaction) => createReservationIn(transaction, request, stamp)),
  );
}

/** The slot facts of a request that waits for any slot: the slot is chosen, and checked, when one is free. */
const ANY_SLOT = { isActive: true, isExclusive: false, garageIsActive: true, garageIsAccessed: true };

/**
 * Reads the parties and the rule settings in `transaction` (locking the owner's row when a quota applies, so
 * concurrent creates of one user count one after the other) and plans the request under every rule of a
 * create. `anySlot`: the request names no slot yet (the waitlist); every rule but the slot's applies.
 * `drawRequest`: a request of the fair draw, which asks for a day in the draw (modules/draw) instead of
 * being refused for it.
 */
async function planReservationIn(
  transaction: Kysely<DB>,
  request: PlannedRequest,
  options: { anySlot?: boolean; drawRequest?: boolean } = {},
): Promise<{ facts: CreateFacts; plan: ReservationPlan; row: FactsRow }> {
  const { scope } = request;
  const now = request.now ?? new Date();
  const parties: Parties = { userId: request.userId, carId: request.carId, slotId: request.slotId };
  const countsQuota = quotaApplies(request.input.reservationType, scope);
  const row = await readFactsRow(transaction, parties, countsQuota);
  const read = createFactsOf(row, scope, now);
  const facts = options.anySlot === true ? { ...read, slot: ANY_SLOT } : read;
  const upcoming =
    facts.owner === null || !countsQuota
      ? NO_UPCOMING
      : await countUpcoming(transaction, facts.owner.id, now, request.seriesId ?? null);
  return { facts, plan: planOf(request, facts, upcoming, options.drawRequest === true), row };
}

/** A request that books nothing yet as its operation hands it in: what a plan reads, and the garage it names. */
export type UnbookedRequest = PlannedRequest & { garageId: string | null; now: Date };

/**
 * A request that books nothing yet (a waitlist entry, a draw request) planned under every rule of a user's
 * create; no slot named means any slot. `drawRequest`: see planReservationIn.
 */
export const planRequest = (
  db: Kysely<DB>,
  request: PlannedRequest,
  options: { drawRequest?: boolean } = {},
) => planReservationIn(db, request, { anySlot: request.slotId === null, ...options });

/**
 * A create inside the caller's transaction: the same rules and the same insert as `createReservation`'s
 * slow path, for callers that create as part of a larger change (a waitlist entry promoted to a reservation).
 * Throws the rules' error, or the 409 of a taken slot or an overlap of the owner's. `stamp`: only when this
 * create is its transaction's entry point; a caller's transaction carries its caller's stamp.
 */
export async function createReservationIn(
  transaction: Kysely<DB>,
  request: CreateReservationInput,
  stamp?: Stamp,
): Promise<CreatedReservations> {
  const now = request.now ?? new Date();
  const { facts, plan, row } = await planReservationIn(transaction, request);
  rememberFacts({ userId: request.userId, carId: request.carId, slotId: request.slotId }, row);
  assertNoViolation(plan.violations);
  const others = mailsOthers(request)
    ? await othersMailsOfCreate(transaction, request.budget, othersWanted(request.input), now)
    : OWNER_MAILS_ONLY;
  const created = await insertPlanned(transaction, request, facts, plan, now, null, stamp, others);
  if (created === 'facts changed') {
    // Read in this transaction, only the owner's leaving can have changed them (ownerStaysActive).
    throw toDomainError([business('USER_NOT_FOUND')]) ?? new Error('a leaver refused without an error');
  }
  return others.notices.length === 0 ? created : { ...created, notices: others.notices };
}

/**
 * One statement: the planned rows, their mails and the caller's answer. `known`: the facts the plan relied
 * on, when they were not read in this transaction; nothing is inserted when they no longer hold. `stamp`: set
 * by the statement itself, before its triggers see the rows (only where the rows are inserted: `holds`).
 */
async function insertPlanned(
  db: Kysely<DB>,
  request: CreateReservationInput,
  facts: CreateFacts,
  plan: ReservationPlan,
  now: Date,
  known: FactsRow | null,
  stamp: Stamp | undefined,
  others: OthersMails,
): Promise<CreatedReservations | 'facts changed'> {
  const { owner } = facts;
  const slotId = request.slotId;
  if (owner === null || slotId === null) {
    return { ids: [], answer: [] };
  }
  const { rows, jobsByRow } = plannedRows(request, facts, plan, now, others);
  const factsStill = known === null ? sql<boolean>`TRUE` : factsHold(request, known);
  const holds = sql<boolean>`(${factsStill} AND ${ownerStaysActive(owner.id)})`;
  const result = await insertReservations(db, {
    rows,
    holds: stamp === undefined ? holds : sql<boolean>`(${holds} AND ${stampExpression(stamp)})`,
    jobsByRow,
    answer: request.answer,
    now,
  });
  if (result === undefined || !result.holds) {
    return 'facts changed';
  }
  const ids = result.ids ?? [];
  // A day left out is a taken slot or an overlap of the owner's; a missing day of a series rolls its
  // transaction back.
  if (ids.length < rows.length) {
    throw await overlapConflict(db, {
      userId: owner.id,
      actorIsAdministrator: request.scope.isAdministrator,
      intervals: plan.intervals,
      slotId,
      // The next free slot offered is one the request may take.
      offer: slotOfferOf(
        { userId: sql`${owner.id}::bigint`, carId: sql`${carOf(request)}::bigint` },
        plan.intervals,
        facts.context,
      ),
    });
  }
  return { ids, answer: result.answer };
}
