import { createHash } from 'node:crypto';
import { lstat, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
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

/**
 * An address as the erasure's job names it: its SHA-256 (lower case), so the queue keeps no copy of the erased
 * address while the job waits or after it ran.
 */
export const recipientHashOf = (email: string): string =>
  createHash('sha256').update(email.toLowerCase()).digest('hex');

/** The header block of a message: the part before the first empty line, with folded lines unfolded. */
const headerOf = async (file: string): Promise<string> => {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.search(/\r?\n\r?\n/);
    return (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  } finally {
    await handle.close();
  }
};

/** Every address a message's To, Cc and Bcc name. */
const recipientsOf = (header: string): string[] =>
  header.split(/\r?\n/).flatMap((line) => {
    const field = /^(?:to|cc|bcc):(.*)$/i.exec(line);
    return field?.[1] === undefined
      ? []
      : addressparser(field[1], { flatten: true }).map((address) => address.address);
  });

/**
 * Removes every captured mail addressed (To, Cc or Bcc, any case) to the address `recipient` is the
 * `recipientHashOf`, for an erasure; how many went.
 */
export async function removeCapturedMailTo(dataDir: string, recipient: string): Promise<number> {
  const dir = mailDirOf(dataDir);
  let removed = 0;
  for (const name of await entriesOf(dir)) {
    const file = path.join(dir, name);
    if (
      name.endsWith('.eml') &&
      recipientsOf(await headerOf(file)).some((address) => recipientHashOf(address) === recipient)
    ) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
