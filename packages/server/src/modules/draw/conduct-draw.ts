import type { LocalDate } from '@parkhere/contract';
import { type Stamp, stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { serveOnSlots } from '../reservations/index.ts';
import { waitInDrawOrder } from '../waitlist/index.ts';
import { markDecided, markServed } from './decided-requests.ts';
import { type DrawnRequest, freezeInputs } from './draw-inputs.ts';
import { drawJobs, lostMailJob, wonMailJob } from './draw-jobs.ts';
import { lockDraw, recordDraw, type Served, seedDraw } from './draw-records.ts';
import { runDraw } from './rules/run-draw.ts';

/** What a draw did: nothing (it had run), or how many requests it drew and how many won a reservation. */
export type DrawRun = { ran: false } | { ran: true; requests: number; winners: number; waiting: number };

const requestOf = (requests: Map<string, DrawnRequest>, requestId: string): DrawnRequest => {
  const request = requests.get(requestId);
  if (request === undefined) {
    throw new Error(`the draw's outcome names request ${requestId} it was not given`);
  }
  return request;
};

/**
 * The draw of a garage's day, exactly once: its seed is made first and kept (seedDraw), then one transaction
 * locks the draw's row, and finds it drawn (another run was first: nothing to do) or freezes the inputs, draws
 * (runDraw), makes each winner's reservation on its slot through reservations' serveOnSlots (serveRequest's
 * create for many at once: every rule of the owner's own create; a winner a rule refuses loses after all), marks every request WON or LOST, puts the
 * losers on the waitlist in draw order where they may wait, queues everybody's mail and records the draw. A
 * crash before the commit leaves nothing but the seed, so the retry draws the same.
 */
export async function conductDraw(
  db: Executor,
  draw: { garageId: string; date: LocalDate; fairnessWeeks: number },
  { now, stamp, mailLimits }: { now: Date; stamp: Stamp; mailLimits: MailLimits },
): Promise<DrawRun> {
  await seedDraw(db, draw.garageId, draw.date);
  return stampedTransaction(db, { ...stamp, reason: 'fair draw' }, async (transaction) => {
    const stored = await lockDraw(transaction, draw.garageId, draw.date);
    if (stored === undefined || stored.ran) {
      return { ran: false };
    }
    const { inputs, requests } = await freezeInputs(
      transaction,
      draw.garageId,
      draw.date,
      draw.fairnessWeeks,
      now,
    );
    const outcome = runDraw(inputs, stored.seed);
    await markDecided(
      transaction,
      outcome.winners.map((winner) => winner.requestId),
      outcome.losers.map((loser) => loser.requestId),
      { by: stamp.actor, now },
    );
    const made = await serveOnSlots(
      transaction,
      outcome.winners.map((winner) => ({
        request: requestOf(requests, winner.requestId),
        slotId: winner.slotId,
      })),
      { now, confirmation: wonMailJob, mailLimits },
    );
    const served: Served[] = outcome.winners.map((winner, index) => ({
      requestId: winner.requestId,
      reservationId: made[index]?.created ?? null,
    }));
    await markServed(transaction, served);
    const losers = outcome.losers.map((loser) => requestOf(requests, loser.requestId));
    const waits = await waitInDrawOrder(transaction, losers, now);
    const refused = served.filter((each) => each.reservationId === null);
    await drawJobs.enqueueAll(
      transaction,
      [
        ...losers.map((loser, index) =>
          lostMailJob(loser.input.requestId, 'entryId' in (waits[index] ?? {})),
        ),
        ...refused.map((each) => lostMailJob(each.requestId, false)),
      ],
      now,
    );
    const waiting = losers.flatMap((loser, index) =>
      'entryId' in (waits[index] ?? {}) ? [loser.input.requestId] : [],
    );
    await recordDraw(transaction, stored.id, { inputs, outcome, served, waiting, now });
    return {
      ran: true,
      requests: inputs.requests.length,
      winners: served.length - refused.length,
      waiting: waiting.length,
    };
  });
}
