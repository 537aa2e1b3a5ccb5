import type { Mailer } from '../../src/platform/mail/mailer.ts';

/** A mailer whose mail server refuses (with `error`) while `failing` is set, and accepts every mail otherwise. */
export function failingMailer(error: string): Mailer & { failing: boolean } {
  const mailer = {
    failing: false,
    send: async () => {
      if (mailer.failing) {
        throw new Error(error);
      }
      return { messageId: '<ops-test@parkhere.example>' };
    },
    close: () => {},
  };
  return mailer;
}
