import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { update } from '../client.ts';
import { jobRows, runAllJobs } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import { usersWorldOfFile } from '../users/users-table.ts';
import { auditMark, auditSince } from './audit-log.ts';

/*
 * The audit log's retention (issue 28, item 8) on a pinned clock: the daily `audit.prune` job of Thursday
 * 5 March 2026, 03:45 in Budapest, removes the entries older than the configured months (24 unless set), more
 * than one batch of them, and keeps the newer ones; the pruning itself leaves no entry, a run again removes
 * nothing more, and a shorter retention set in the configuration counts from the next night.
 */
const { server, admin, time } = await usersWorldOfFile(['admin']);
const db = server.db;
const RUN_AT = '2026-03-05T03:45:00+01:00';
const NEXT_RUN_AT = '2026-03-06T03:45:00+01:00';

/** Entries about a car `marker`, recorded `months` before `at` (the old ones `count` at a time). */
const recordEntries = (marker: string, months: number, count = 1, at = RUN_AT) =>
  sql`INSERT INTO audit_log (at, actor, table_name, row_id, action)
    SELECT ${at}::timestamptz - make_interval(months => ${months}) - make_interval(secs => n), 'system',
      'cars', ${marker}, 'INSERT'
    FROM generate_series(1, ${count}) AS n`.execute(db);

const countOf = async (marker: string) =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE row_id = ${marker}`.execute(db))
      .rows[0]?.n,
  );

const runs = async () =>
  (await jobRows(db, 'audit.prune')).map((run) => [run.idempotencyKey, run.state, run.runAt.toISOString()]);

/** Runs the pruning the app queued for `at`, and only it. */
const runPruning = async (at: string) => {
  await sql`DELETE FROM jobs WHERE kind <> 'audit.prune'`.execute(db);
  time.set(at);
  await runAllJobs(server);
};

// Only the run this app queued on its clock: not the one the template data directory was queued with on the
// real clock.
await sql`DELETE FROM jobs WHERE kind = 'audit.prune' AND idempotency_key <> 'audit.prune:2026-03-05'`.execute(
  db,
);
// 1,200 entries past 24 months (more than two of the pruning's batches of 500); one a day inside them, one newer.
await recordEntries('old', 25, 1_200);
await recordEntries('kept', 24, 1, '2026-03-06T00:00:00+01:00');
await recordEntries('recent', 11);

describe('the audit log pruning', () => {
  it('is queued for the night, in the configured zone', async () => {
    expect(await runs()).toEqual([['audit.prune:2026-03-05', 'pending', new Date(RUN_AT).toISOString()]]);
  });

  it('removes the entries older than the retention, keeps the newer ones and records nothing of its own', async () => {
    const mark = await auditMark(db);
    await runPruning(RUN_AT);
    expect([await countOf('old'), await countOf('kept'), await countOf('recent')]).toEqual([0, 1, 1]);
    expect(await auditSince(db, mark)).toEqual([]);
    expect(await runs()).toEqual([
      ['audit.prune:2026-03-05', 'done', new Date(RUN_AT).toISOString()],
      ['audit.prune:2026-03-06', 'pending', new Date(NEXT_RUN_AT).toISOString()],
    ]);
  });

  it('removes nothing more when the run is done again (a crash before it was marked done)', async () => {
    const mark = await auditMark(db);
    await sql`UPDATE jobs SET state = 'pending', finished_at = NULL
      WHERE idempotency_key = 'audit.prune:2026-03-05'`.execute(db);
    await runAllJobs(server);
    expect([await countOf('kept'), await countOf('recent')]).toEqual([1, 1]);
    expect(await auditSince(db, mark)).toEqual([]);
    expect((await runs()).map(([key, state]) => [key, state])).toEqual([
      ['audit.prune:2026-03-05', 'done'],
      ['audit.prune:2026-03-06', 'pending'],
    ]);
  });

  it('keeps as many months as the configuration says', async () => {
    const settings = await admin.json<Entity>('/services/Actor/configurationSettings/~get', {
      _mask: '{auditRetentionMonths}',
    });
    expect(
      (await update(admin, 'ConfigurationSettings', settings, { auditRetentionMonths: 12 })).status,
    ).toBe(200);
    await recordEntries('a year and a month', 13, 1, NEXT_RUN_AT);
    await runPruning(NEXT_RUN_AT);
    expect([await countOf('a year and a month'), await countOf('kept'), await countOf('recent')]).toEqual([
      0, 0, 1,
    ]);
    // The setting's change is an entry of its own, made now, so well within the year.
    expect(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log
          WHERE table_name = 'configuration' AND after ? 'audit_retention_months'`.execute(db)
      ).rows[0]?.n,
    ).toBe('1');
  });
});
