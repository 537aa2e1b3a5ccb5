import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import PostalMime, { type Email } from 'postal-mime';
import type { Executor } from '../../src/platform/db/executor.ts';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';

/** A test's clean start: no job, no reservation and no captured mail from an earlier one. */
export async function startOver(db: Executor, dataDir: string): Promise<void> {
  await sql`DELETE FROM jobs`.execute(db);
  await sql`DELETE FROM reservations`.execute(db);
  rmSync(mailDirOf(dataDir), { recursive: true, force: true });
}

export type CapturedMail = Email & { file: string; raw: string };

/** Every captured .eml, oldest first, parsed as a mail client would. */
export async function readMails(dataDir: string): Promise<CapturedMail[]> {
  const dir = mailDirOf(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails: CapturedMail[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    const raw = readFileSync(file, 'utf8');
    mails.push({ ...(await PostalMime.parse(raw)), file, raw });
  }
  return mails;
}

export const recipientsOf = (mail: Email): string[] =>
  (mail.to ?? []).map((address) => address.address ?? '');

export async function jobRows(db: Executor, kind?: string) {
  const result = await sql<{
    id: string;
    kind: string;
    state: string;
    attempts: number;
    runAt: Date;
    lastError: string | null;
    idempotencyKey: string | null;
    payload: Record<string, unknown>;
  }>`SELECT id::text AS id, kind, state, attempts, run_at, last_error, idempotency_key, payload FROM jobs
    WHERE ${kind === undefined ? sql`true` : sql`kind = ${kind}`} ORDER BY jobs.id`.execute(db);
  return result.rows;
}

type RunsJobs = { runDue: () => Promise<number> };

/**
 * Runs a worker's due jobs, or a test server's (a world without polling), until none is due: also those that
 * the jobs run queue for now.
 */
export async function runAllJobs(runner: RunsJobs | { app: { jobs: RunsJobs } }): Promise<void> {
  const jobs = 'app' in runner ? runner.app.jobs : runner;
  while ((await jobs.runDue()) > 0) {
    // until nothing is due
  }
}

/** The captured mails addressed to `address`, oldest first. */
export const mailsTo = async (dataDir: string, address: string): Promise<CapturedMail[]> =>
  (await readMails(dataDir)).filter((mail) => recipientsOf(mail).includes(address));
