import { randomBytes } from 'node:crypto';

/*
 * The pseudonyms of one erasure (issue 27, item 4): a person's name and email, their plates and their guests'
 * details are replaced by values made from a random token, so nothing leads back to the person (no hash of
 * what was there), and the same value always gets the same pseudonym: the person's reservations, cars and
 * audit entries still agree with each other, as statistics need.
 */

/**
 * How a column's values are pseudonymised: `known` replaces only the person's own name and email (a
 * reservation's `created_by` may be somebody else's), `personName` and `personEmail` any name or spelling of
 * their email the person went by elsewhere (a doorman's row of their email) by their pseudonym's, the others give every distinct value a pseudonym.
 */
export type PseudonymKind =
  | 'known'
  | 'personName'
  | 'personEmail'
  | 'plate'
  | 'guestName'
  | 'guestEmail'
  | 'directoryId';

/** A reservation's or a waitlist place's guest, as the columns hold them. */
export const guestColumns = {
  guest_name: 'guestName',
  guest_email: 'guestEmail',
  guest_license_plate: 'plate',
} as const satisfies Record<string, PseudonymKind>;

export type Pseudonyms = {
  readonly name: string;
  readonly email: string;
  /** The pseudonym of a value of the kind (undefined: a `known` column's value that is not the person's). */
  of(kind: PseudonymKind, value: string): string | undefined;
  /** Every value replaced so far → its pseudonym. */
  replacements(): Record<string, string>;
};

/** The pseudonyms of the person now called `person.name` with `person.email`. */
export const pseudonymsOf = (person: { name: string; email: string }): Pseudonyms => {
  const token = randomBytes(4).toString('hex').toUpperCase();
  const name = `Anonymous ${token}`;
  const email = `anonymous-${token.toLowerCase()}@anonymised.invalid`;
  const replaced = new Map<string, string>([
    [person.name, name],
    [person.email, email],
  ]);
  const counts = { plate: 0, guestName: 0, guestEmail: 0, directoryId: 0 };
  // Within the cars' plate pattern (upper case, digits, spaces; at most 20 characters).
  const made = {
    plate: (n: number) => `ANON ${token} ${n}`,
    guestName: (n: number) => `Visitor ${n} of ${name}`,
    guestEmail: (n: number) => `visitor-${n}-${token.toLowerCase()}@anonymised.invalid`,
    // The directory's id of the person (SCIM externalId).
    directoryId: (n: number) => `anonymous-${token.toLowerCase()}-${n}`,
  };
  return {
    name,
    email,
    of: (kind, value) => {
      const known = replaced.get(value);
      if (known !== undefined || kind === 'known') {
        return known;
      }
      if (kind === 'personName' || kind === 'personEmail') {
        const pseudonym = kind === 'personName' ? name : email;
        replaced.set(value, pseudonym);
        return pseudonym;
      }
      counts[kind] += 1;
      const pseudonym = made[kind](counts[kind]);
      replaced.set(value, pseudonym);
      return pseudonym;
    },
    replacements: () => Object.fromEntries(replaced),
  };
};
