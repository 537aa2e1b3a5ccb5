import { type Kysely, sql } from 'kysely';
import { type Stamp, stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { type ReservationRequest, type Serving, serveRequest } from '../reservations/index.ts';
import { waitInDrawOrder } from '../waitlist/index.ts';
import { markDecided, markServed } from './decided-requests.ts';
import { requestColumns } from './draw-inputs.ts';
import { drawJobs, lostMailJob, settledMailJob } from './draw-jobs.ts';
import type { Served } from './draw-records.ts';

type UndrawnRequest = ReservationRequest & {
  requestId: string;
  garageId: string;
  preferredSlotId: string | null;
};

/** The PENDING requests of garages that no longer draw, in the order they were made, locked. */
async function lockUndrawn(db: Kysely<DB>): Promise<UndrawnRequest[]> {
  const found = await sql<UndrawnRequest>`SELECT ${requestColumns}
    FROM draw_requests q JOIN users u ON u.id = q.user_id JOIN parking_garages g ON g.id = q.parking_garage_id
    WHERE q.draw_status = 'PENDING' AND NOT g.draw_enabled
    ORDER BY q.id
    FOR UPDATE OF q`.execute(db);
  return found.rows.map((row) => ({ ...row, start: new Date(row.start), end: new Date(row.end) }));
}

/** Its preferred slot when free, else the first free slot of its garage: a reservation made as its owner's own. */
async function serveInOrder(transaction: Kysely<DB>, request: UndrawnRequest, serving: Serving) {
  const preferred =
    request.preferredSlotId === null
      ? null
      : await serveRequest(
          transaction,
          request,
          { garageId: request.garageId, slotId: request.preferredSlotId },
          serving,
        );
  return preferred ?? serveRequest(transaction, request, { garageId: request.garageId }, serving);
}

/**
 * The requests an administrator left pending by turning a garage's draw off before their cut-off: the draw
 * only runs for garages that draw, so they would stay PENDING (and hold their owners' quota) for ever.
 * The garage is back to first come, first served, and the requesters came first: they asked, in their order,
 * before anybody could book those days directly. So each is served in request order, under every rule of its
 * owner's own create (its preferred slot when free, else the garage's first free slot); one that gets no slot
 * waits on the waitlist in that order where it may, or is told it could not. Withdrawing them instead would
 * lose every request and hand the slots to whoever books first after the switch, the race the draw was
 * turned on against. Everybody is mailed what became of their request. Exactly once: the requests are locked,
 * and a second run finds them decided. Returns how many were settled.
 */
export async function settleUndrawn(
  db: Executor,
  { now, stamp, mailLimits }: { now: Date; stamp: Stamp; mailLimits: MailLimits },
): Promise<number> {
  return stampedTransaction(db, { ...stamp, reason: 'draw turned off' }, async (transaction) => {
    const requests = await lockUndrawn(transaction);
    if (requests.length === 0) {
      return 0;
    }
    // WON while its reservation is made, so its own PENDING request does not count toward its quota.
    const ids = requests.map((request) => request.requestId);
    await markDecided(transaction, ids, [], { by: stamp.actor, now });
    const serving: Serving = { now, confirmation: settledMailJob, mailLimits };
    const served: Served[] = [];
    for (const request of requests) {
      const made = await serveInOrder(transaction, request, serving);
      served.push({ requestId: request.requestId, reservationId: made?.created ?? null });
    }
    await markServed(transaction, served);
    const unserved = requests.filter((_, index) => served[index]?.reservationId === null);
    const waiting = unserved.filter((request) => request.start.getTime() > now.getTime());
    const waits = await waitInDrawOrder(transaction, waiting, now);
    const waitingIds = new Set(
      waiting.filter((_, index) => 'entryId' in (waits[index] ?? {})).map((request) => request.requestId),
    );
    await drawJobs.enqueueAll(
      transaction,
      unserved.map((request) => lostMailJob(request.requestId, waitingIds.has(request.requestId), true)),
      now,
    );
    return requests.length;
  });
}
