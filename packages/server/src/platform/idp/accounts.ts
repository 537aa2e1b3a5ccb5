import { createHash, timingSafeEqual } from 'node:crypto';
import { type DemoAccount, findDemoAccount } from './demo-accounts.ts';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Checks a demo login; the password of a demo account is its login name. */
export function authenticateDemoAccount(login: string, password: string): DemoAccount | undefined {
  const account = findDemoAccount(login.trim().toLowerCase());
  // Compare digests so the time taken does not tell how much of the password matched.
  const matches = timingSafeEqual(digest(password), digest(account?.login ?? `\u0000${password}`));
  return account !== undefined && matches ? account : undefined;
}

/** The identity claims of an account, in ID tokens, userinfo and access tokens alike. */
export function accountClaims(account: DemoAccount) {
  return {
    sub: account.login,
    email: account.email,
    email_verified: true,
    preferred_username: account.login,
    name: account.name,
  };
}
