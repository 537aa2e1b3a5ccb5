import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, mailDirOf } from './mailer.ts';

/* Issue 25 item 5: captured mail is written once per Message-ID, whatever happened to an earlier attempt. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

const capturing = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parkhere-mailer-'));
  dirs.push(dataDir);
  const mailer = createMailer({ smtpUrl: undefined, dataDir });
  const mails = () => readdirSync(mailDirOf(dataDir)).filter((name) => name.endsWith('.eml'));
  return { mailer, mails, dir: mailDirOf(dataDir) };
};

const message = (text: string, messageId?: string) => ({
  from: 'parking@parkhere.example',
  to: 'user@parkhere.example',
  subject: 'Parking',
  text,
  ...(messageId === undefined ? {} : { messageId }),
});

describe('the captured-mail writer', () => {
  it('writes a Message-ID once, and every message without one', async () => {
    const { mailer, mails } = capturing();
    const first = await mailer.send(message('first', '<7.abc.confirmation.0123@parkhere.example>'));
    const again = await mailer.send(message('first again', '<7.abc.confirmation.0123@parkhere.example>'));
    expect(again.file).toBe(first.file);
    expect(readFileSync(first.file ?? '', 'utf8')).toContain('first');
    expect(readFileSync(first.file ?? '', 'utf8')).not.toContain('first again');
    await mailer.send(message('other', '<8.abc.confirmation.0123@parkhere.example>'));
    await mailer.send(message('no id'));
    await mailer.send(message('no id'));
    expect(mails()).toHaveLength(4);
  });

  it('does not write it again when the file has been taken away from the folder', async () => {
    const { mailer, mails, dir } = capturing();
    const first = await mailer.send(message('once', '<9.abc.reminder.0123@parkhere.example>'));
    renameSync(first.file ?? '', path.join(dir, '..', 'taken.eml'));
    await mailer.send(message('once', '<9.abc.reminder.0123@parkhere.example>'));
    expect(mails()).toEqual([]);
  });

  it('writes it when an attempt crashed after claiming the Message-ID, before the file was in place', async () => {
    const { mailer, mails, dir } = capturing();
    const first = await mailer.send(message('crashed', '<10.abc.deletion.0123@parkhere.example>'));
    const name = path.basename(first.file ?? '');
    // As the crashed attempt left it: the message still aside, not renamed into place.
    renameSync(first.file ?? '', path.join(dir, `.${name}.partial`));
    const retried = await mailer.send(message('retried', '<10.abc.deletion.0123@parkhere.example>'));
    expect(retried.file).toBe(first.file);
    expect(mails()).toEqual([name]);
    expect(readFileSync(retried.file ?? '', 'utf8')).toContain('retried');
    expect(readdirSync(dir).filter((entry) => entry.endsWith('.partial'))).toEqual([]);
  });
});
