import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
  // The folder is made when a write finds it missing, not before every message (a system call each).
  const writeInFolder = async (file: string, data: Parameters<typeof writeFile>[1]) => {
    try {
      await writeFile(file, data);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw error;
      }
      await mkdir(dir, { recursive: true });
      await writeFile(file, data);
    }
  };
  return {
    send: async (message) => {
      const info = await transport.sendMail(message);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(dir, name);
      // Written aside and renamed, so whoever watches the folder never reads half a message.
      const partial = path.join(dir, `.${name}.partial`);
      await writeInFolder(partial, info.message);
      await rename(partial, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
