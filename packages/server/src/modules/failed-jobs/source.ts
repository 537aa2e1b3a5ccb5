import { sql } from 'kysely';
import { adminRows, noRows } from '../../engine/access.ts';
import { entitySource, ref, type Sql } from '../../engine/source.ts';

/** What a job is about, in a few words, by the ids its payload carries (the owning modules' read models). */
export type JobConcerns = {
  /** A reservation (mails, reminders): its day, times, slot and owner. */
  reservation: (reservationId: Sql) => Sql;
  /** A fair-draw request (a loser's mail): its day, garage and requester. */
  drawRequest: (requestId: Sql) => Sql;
  /** The id of a reservation's owner. */
  reservationOwner: (reservationId: Sql) => Sql;
  /** The id of a draw request's requester. */
  drawRequester: (requestId: Sql) => Sql;
};

/** A job failing: retrying after a failure, or dead after its last attempt. */
export const isFailingSql = (alias: string): Sql =>
  sql`(${ref(alias, 'state')} = 'dead' OR (${ref(alias, 'state')} = 'pending' AND ${ref(alias, 'last_error')} IS NOT NULL))`;

const payloadId = (alias: string, key: string): Sql => sql`(${ref(alias, 'payload')} ->> ${key})::bigint`;

/** By the id its payload carries, a reservation's or a draw request's: its expression, else null. */
const byPayload = (
  alias: string,
  reservation: (reservationId: Sql) => Sql,
  drawRequest: (requestId: Sql) => Sql,
): Sql =>
  sql`COALESCE(
    CASE WHEN ${ref(alias, 'payload')} ? 'reservationId' THEN ${reservation(payloadId(alias, 'reservationId'))} END,
    CASE WHEN ${ref(alias, 'payload')} ? 'requestId' THEN ${drawRequest(payloadId(alias, 'requestId'))} END)`;

/**
 * Every job as administrators read it; the Actor's failedJobs lists the failing ones (index.ts). A job's
 * attempts are its version: a retry of a job that ran again meanwhile is judged on its state then.
 */
export const jobSourceOf = (concerns: JobConcerns) =>
  entitySource('Job', {
    table: 'job_entries',
    derived: {
      dead: (alias) => sql`(${ref(alias, 'state')} = 'dead')`,
      nextRunAt: (alias) =>
        sql`(CASE WHEN ${ref(alias, 'state')} = 'pending' THEN ${ref(alias, 'run_at')} END)`,
      concerns: (alias) =>
        sql`COALESCE(${byPayload(alias, concerns.reservation, concerns.drawRequest)},
          ${ref(alias, 'payload')} ->> 'date')`,
    },
    relations: {
      // The person, so that an administrator opens them from the job (whatever they may do about it).
      user: {
        link: (owner, alias) =>
          sql`${ref(alias, 'id')} = (SELECT ${byPayload('j', concerns.reservationOwner, concerns.drawRequester)}
            FROM job_entries j WHERE j.id = ${owner})`,
      },
    },
    notNull: ['kind', 'attempts', 'maxAttempts', 'createdAt'],
    defaultOrder: [{ attribute: 'createdAt', descending: true }],
    scope: adminRows,
    // A job changes only by running, and by its retry.
    updateable: noRows,
    deleteable: noRows,
  });
