import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, readlink, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export type OutgoingMail = Mail.Options & { to: string | string[]; subject: string };

export type SentMail = {
  messageId: string /** The .eml file, when mail is captured instead of sent. */;
  file?: string;
};

export type Mailer = {
  send: (message: OutgoingMail) => Promise<SentMail>;
  close: () => void;
};

export const mailDirOf = (dataDir: string): string => path.join(dataDir, 'mail');

/**
 * DESIGN §2: with `SMTP_URL` real SMTP, else every message as a real MIME `.eml` file under DATA_DIR/mail
 * (nodemailer builds it exactly as it would send it).
 */
export function createMailer(options: { smtpUrl: string | undefined; dataDir: string }): Mailer {
  if (options.smtpUrl !== undefined) {
    // Bounded waits: a hung server must fail the job well within its lease, so it is retried, not sent twice.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      send: async (message) => {
        const info = await transport.sendMail(message);
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = mailDirOf(options.dataDir);
  const sentDir = path.join(dir, '.sent');
  // The folders are made when a write finds them missing, not before every message (a system call each).
  const inFolder = async <T>(folder: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw error;
      }
      await mkdir(folder, { recursive: true });
      return write();
    }
  };
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  /*
   * One file per Message-ID (a job's mails keep theirs on every attempt): `.sent/<its hash>` links to the
   * file's name, made after the message is written aside and before it is renamed into place. A link whose
   * message still lies aside is an attempt that crashed in between, so it is written again under that name;
   * any other link is a message written already (even if someone has since taken the file away).
   */
  const claimOf = (messageId: string) =>
    path.join(sentDir, createHash('sha256').update(messageId).digest('hex'));
  const claimedName = (claim: string) =>
    readlink(claim).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        return undefined;
      }
      throw error;
    });
  return {
    send: async (message) => {
      const messageId = typeof message.messageId === 'string' ? message.messageId : undefined;
      const claim = messageId === undefined ? undefined : claimOf(messageId);
      const claimed = claim === undefined ? undefined : await claimedName(claim);
      const name = claimed ?? `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(dir, name);
      // Written aside and renamed, so whoever watches the folder never reads half a message.
      const partial = path.join(dir, `.${name}.partial`);
      if (messageId !== undefined && claimed !== undefined && !(await exists(partial))) {
        return { messageId, file };
      }
      const info = await transport.sendMail(message);
      await inFolder(dir, () => writeFile(partial, info.message));
      if (claim !== undefined && claimed === undefined) {
        await inFolder(sentDir, () => symlink(name, claim));
      }
      await rename(partial, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
