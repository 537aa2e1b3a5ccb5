import { createHash, timingSafeEqual } from 'node:crypto';

/** The token of an `Authorization: Bearer …` header, if it has that form. */
export const bearerOf = (authorization: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

/** The token compared in constant time: both sides hashed first, so neither its length nor its bytes leak. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request's Authorization header carries exactly `token` as its bearer token. */
export const bearerMatcher = (token: string): ((authorization: string | undefined) => boolean) => {
  const expected = digest(token);
  return (authorization) => {
    const given = bearerOf(authorization);
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
};
