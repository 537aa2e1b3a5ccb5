import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { mailDirOf } from './mailer.ts';

/*
 * Captured mail (no SMTP_URL: each message a .eml file in DATA_DIR/mail) holds names, addresses, plates and
 * guests like the database does, so it follows the same retention and erasure (issue 27, items 4 and 6).
 */

/** How long captured mail is kept: the retention job removes what is older. */
export const CAPTURED_MAIL_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

const entriesOf = async (dir: string): Promise<string[]> =>
  readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      return [];
    }
    throw error;
  });

/**
 * Removes the captured mails written more than CAPTURED_MAIL_DAYS before `now`, and the records of their
 * Message-IDs (`.sent`, which keep a job run again from writing a mail twice: by then its job is long done).
 * Returns how many mails went.
 */
export async function removeOldCapturedMail(dataDir: string, now: Date): Promise<number> {
  const before = now.getTime() - CAPTURED_MAIL_DAYS * DAY_MS;
  const dir = mailDirOf(dataDir);
  const sentDir = path.join(dir, '.sent');
  const old = async (file: string) => (await lstat(file)).mtimeMs < before;
  let removed = 0;
  for (const name of await entriesOf(dir)) {
    const file = path.join(dir, name);
    if (name.endsWith('.eml') && (await old(file))) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  for (const name of await entriesOf(sentDir)) {
    const claim = path.join(sentDir, name);
    if (await old(claim)) {
      await rm(claim, { force: true });
    }
  }
  return removed;
}
