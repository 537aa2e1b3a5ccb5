/** Patterns shared by the contract and the database CHECKs, so they must stay JS and PostgreSQL regex. */

/**
 * A plain address, `local@domain.tld`, as a mail is sent to it: no display name or angle brackets
 * (`Eve <a@b.example>`), no address literal (`a@[127.0.0.1]`, which would send mail to any host), no quoted
 * local part, comment, list separator or control character, so the text shown is the one address a mail goes to.
 */
const EMAIL_CHARACTER = '[^\\s\\x00-\\x1f\\x7f@<>()\\[\\]\\\\,;:"]';
export const EMAIL_PATTERN = `^${EMAIL_CHARACTER}+@${EMAIL_CHARACTER}+\\.${EMAIL_CHARACTER}+$`;

/** Leading and trailing blanks are allowed on input: the server stores plates trimmed and upper-case. */
export const LICENSE_PLATE_PATTERN = '^\\s*[0-9A-Za-z]([0-9A-Za-z -]{0,18}[0-9A-Za-z])?\\s*$';
export const LICENSE_PLATE_MAX_LENGTH = 24;

/** An IANA zone name such as Europe/Budapest. */
export const TIME_ZONE_PATTERN = '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$';

/** Email templates are Handlebars documents; generous but bounded. */
export const TEMPLATE_MAX_LENGTH = 65535;

/** How the server stores a plate: trimmed, upper-case. */
export const normalizeLicensePlate = (plate: string): string => plate.trim().toUpperCase();
