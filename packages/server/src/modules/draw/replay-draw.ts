import type { DrawReplay, DrawReplayEntry, DrawResult } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { EntityNotFoundError } from '../../platform/errors.ts';
import { storedDraw } from './draw-records.ts';
import { type DrawOutcome, runDraw } from './rules/run-draw.ts';

/** Where an outcome placed each request: its result, its slot and its place (winners, then losers). */
type Placing = { result: DrawResult; slotId: string | null; place: number };

const placings = (outcome: DrawOutcome, refused: ReadonlySet<string> = new Set()): Map<string, Placing> => {
  const placed = new Map<string, Placing>();
  for (const winner of outcome.winners) {
    placed.set(winner.requestId, {
      result: refused.has(winner.requestId) ? 'REFUSED' : 'WON',
      slotId: winner.slotId,
      place: placed.size + 1,
    });
  }
  for (const loser of outcome.losers) {
    placed.set(loser.requestId, { result: 'LOST', slotId: null, place: placed.size + 1 });
  }
  return placed;
};

/** A REFUSED winner won in the draw: the rule that refused its reservation came after. */
const samePlacing = (replayed: Placing | undefined, recorded: Placing | undefined): boolean =>
  replayed !== undefined &&
  recorded !== undefined &&
  (replayed.result === 'LOST') === (recorded.result === 'LOST') &&
  replayed.slotId === recorded.slotId &&
  replayed.place === recorded.place;

async function namesOf(db: Executor, userIds: string[], slotIds: string[]) {
  const users = await sql<{ id: string; name: string; email: string }>`SELECT id::text AS id, name, email
    FROM users WHERE id = ANY(${userIds.map(Number)}::bigint[])`.execute(db);
  const slots = await sql<{ id: string; name: string }>`SELECT id::text AS id, aggregared_name AS name
    FROM parking_slots WHERE id = ANY(${slotIds.map(Number)}::bigint[])`.execute(db);
  return {
    users: new Map(users.rows.map((user) => [user.id, user])),
    slots: new Map(slots.rows.map((slot) => [slot.id, slot.name])),
  };
}

/**
 * Draw.replay: the draw run again (runDraw) from the inputs and the seed it stored, compared with the outcome
 * it recorded. It reads the record only, so it gives the same outcome whatever changed since (reservations,
 * weights, priorities); and it changes nothing. A draw that has not run is 404, as it is not listed.
 */
export async function replayDraw(
  db: Executor,
  drawId: string,
): Promise<{ value: DrawReplay & { entries: DrawReplayEntry[] } }> {
  const stored = await storedDraw(db, drawId);
  if (stored === undefined) {
    throw new EntityNotFoundError();
  }
  const replayed = placings(runDraw(stored.inputs, stored.seed));
  const refused = new Set(
    stored.outcome.served.filter((each) => each.reservationId === null).map((each) => each.requestId),
  );
  const recorded = placings(stored.outcome, refused);
  const requests = [...stored.inputs.requests].sort(
    (a, b) => (replayed.get(a.requestId)?.place ?? 0) - (replayed.get(b.requestId)?.place ?? 0),
  );
  const slotIds = [...replayed.values(), ...recorded.values()].flatMap((each) => each.slotId ?? []);
  const names = await namesOf(
    db,
    requests.map((request) => request.userId),
    slotIds,
  );
  const slotName = (placing: Placing | undefined) =>
    placing?.slotId == null ? null : (names.slots.get(placing.slotId) ?? null);
  const entries = requests.map((request): DrawReplayEntry => {
    const now = replayed.get(request.requestId);
    const then = recorded.get(request.requestId);
    const user = names.users.get(request.userId);
    return {
      userName: user?.name ?? null,
      userEmail: user?.email ?? null,
      result: now?.result ?? null,
      slotName: slotName(now),
      place: now?.place ?? null,
      recordedResult: then?.result ?? null,
      recordedSlotName: slotName(then),
      recordedPlace: then?.place ?? null,
      same: samePlacing(now, then),
    };
  });
  return {
    value: {
      sameOutcome: entries.every((entry) => entry.same) && recorded.size === replayed.size,
      entries,
    },
  };
}
