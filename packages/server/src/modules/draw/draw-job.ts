import { drawCutoff, type LocalDate, type LocalTime, workingCalendar } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobHandlers } from '../../platform/jobs/job-types.ts';
import { recurringHandler, recurringJob } from '../../platform/jobs/recurring.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { declaredCounter } from '../../platform/observability/counter.ts';
import { dayOverrides, loadMailSettings } from '../configuration/index.ts';
import { conductDraw } from './conduct-draw.ts';
import type { DrawJobs } from './draw-jobs.ts';
import { settleUndrawn } from './settle-undrawn.ts';

/*
 * The draw's recurring job: one run a minute (its idempotency key, as the no-show release has it), which draws
 * every garage's day whose cut-off has come and that has pending requests and no draw yet. A minute's run
 * is claimed by one worker; and whatever runs a garage's day twice (two instances, a retry after a crash, a
 * late run meeting the next), conductDraw draws it once.
 */

const MINUTE_MS = 60_000;

const runOf = (at: Date) => ({ runAt: at, payload: { at: at.toISOString() } });

/** The chain of minutes. */
export const drawRun = recurringJob({
  kind: 'draw.run',
  next: (_db, now) => runOf(new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS)),
  key: ({ at }: DrawJobs['draw.run']) => `draw-run:${at}`,
});

type Candidate = {
  garageId: string;
  date: LocalDate;
  cutoffTime: LocalTime;
  daysBefore: number;
  fairnessWeeks: number;
};

/** The garages' days with pending requests and no draw that ran, with the garage's draw settings. */
const undrawnDays = async (db: Executor): Promise<Candidate[]> =>
  (
    await sql<Candidate>`SELECT g.id::text AS garage_id, to_char(q.date, 'YYYY-MM-DD') AS date,
        to_char(g.draw_cutoff_time, 'HH24:MI:SS') AS cutoff_time,
        g.draw_cutoff_working_days_before AS days_before, g.draw_fairness_weeks AS fairness_weeks
      FROM parking_garages g
        JOIN (SELECT DISTINCT parking_garage_id, date FROM draw_requests WHERE draw_status = 'PENDING') q
          ON q.parking_garage_id = g.id
      WHERE g.draw_enabled AND NOT EXISTS (SELECT 1 FROM draws d
        WHERE d.parking_garage_id = g.id AND d.date = q.date AND d.ran_at IS NOT NULL)
      ORDER BY q.date, g.id`.execute(db)
  ).rows;

/** The days due at `now`: their cut-off (in the configured zone and working calendar) has come. */
export async function dueDraws(db: Executor, now: Date): Promise<Candidate[]> {
  const candidates = await undrawnDays(db);
  if (candidates.length === 0) {
    return [];
  }
  const { timeZone } = await loadMailSettings(db);
  const calendar = workingCalendar(await dayOverrides(db));
  return candidates.filter(
    (day) =>
      drawCutoff(
        day.date,
        { drawCutoffTime: day.cutoffTime, drawCutoffWorkingDaysBefore: day.daysBefore },
        calendar,
        timeZone,
      ).getTime() <= now.getTime(),
  );
}

/** The reservations draws made for their winners, once each draw committed. */
export const drawWinners = declaredCounter(
  'parkhere_reservations_drawn_total',
  'Reservations made for the winners of fair draws.',
);

/**
 * The run's handler: each due day drawn in a transaction of its own, so one day's failure keeps no other; then
 * the requests of garages that stopped drawing, settled in request order (settle-undrawn.ts).
 */
export const drawRunHandler = (mailLimits: MailLimits): JobHandlers<Pick<DrawJobs, 'draw.run'>> =>
  recurringHandler(drawRun, async (_payload, context) => {
    for (const day of await dueDraws(context.db, context.now)) {
      const run = await conductDraw(context.db, day, {
        now: context.now,
        stamp: context.stamp,
        mailLimits,
      });
      if (run.ran) {
        drawWinners.inc(run.winners);
        context.log.info({ garageId: day.garageId, date: day.date, ...run }, 'draw ran');
      }
    }
    const settled = await settleUndrawn(context.db, { now: context.now, stamp: context.stamp, mailLimits });
    if (settled > 0) {
      context.log.info({ settled }, 'requests of garages that stopped drawing settled');
    }
  });
