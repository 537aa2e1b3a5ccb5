/*
 * A person's name as a mail or an invitation shows it: text a user typed (a guest's name, a reserver's name) goes
 * out from the company's sender, so it must read as a name and never as a link a mail client makes clickable.
 */

/** The longest name a mail shows; a longer one ends in an ellipsis (a name field takes up to 255 characters). */
export const MAIL_NAME_MAX = 80;

// Characters that look the same but that no auto-linker reads as a link's dot, colon, slash or at sign.
const ONE_DOT_LEADER = '\u2024';
const MODIFIER_COLON = '\uA789';
const DIVISION_SLASH = '\u2215';
const FULLWIDTH_AT = '\uFF20';

/**
 * The name on one line, at most MAIL_NAME_MAX characters, with a dot inside a word, `:`, `/` and `@` swapped
 * for look-alikes: "Dr. Kovács" stays as it is, "evil.example/login" no longer makes a link.
 */
export function plainName(name: string): string {
  const oneLine = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const defused = oneLine
    .replace(/\.(?=\S)/g, ONE_DOT_LEADER)
    .replaceAll(':', MODIFIER_COLON)
    .replaceAll('/', DIVISION_SLASH)
    .replaceAll('@', FULLWIDTH_AT);
  const characters = Array.from(defused);
  return characters.length <= MAIL_NAME_MAX
    ? defused
    : `${characters
        .slice(0, MAIL_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`;
}
