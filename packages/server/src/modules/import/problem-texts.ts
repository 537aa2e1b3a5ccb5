import type { Locale } from '@parkhere/contract';

/*
 * What a refused row's problems say, in the caller's language: the codes the Users and Slots tables' create
 * and update answer (the same words the web shows for them), and the import's own.
 */

type Texts = Readonly<Record<string, string>>;

const english: Texts = {
  MISSING_REQUIRED_ATTRIBUTE: 'This field is required.',
  CONVERSION_FAILED: 'The value has the wrong format.',
  MAX_LENGTH_VALIDATION_FAILED: 'The value is too long.',
  PATTERN_VALIDATION_FAILED: 'The value does not match the expected pattern.',
  NOT_ACCEPTED_BY_RANGE: 'This value cannot be chosen.',
  END_NOT_AFTER_START: 'The end must be after the start.',
  UNIQUE_CONSTRAINT_VIOLATED: 'This value is already taken.',
  CHECK_CONSTRAINT_VIOLATED: 'The value is not allowed.',
  REFERENCE_CONSTRAINT_VIOLATED: 'The item is still in use or refers to something that no longer exists.',
  USER_EMAIL_TAKEN: 'Another user has this email address already.',
  PERMISSION_DENIED: "You don't have permission to run the operation.",
  UNKNOWN_GARAGE: 'There is no garage of this name.',
  DUPLICATE_IN_FILE: 'An earlier row of the file names the same one.',
  UNKNOWN_GROUP: 'There is no group of this name.',
};

const hungarian: Texts = {
  MISSING_REQUIRED_ATTRIBUTE: 'A mező kitöltése kötelező.',
  CONVERSION_FAILED: 'Az érték formátuma hibás.',
  MAX_LENGTH_VALIDATION_FAILED: 'Az érték túl hosszú.',
  PATTERN_VALIDATION_FAILED: 'Az érték nem felel meg az elvárt mintának.',
  NOT_ACCEPTED_BY_RANGE: 'Ez az érték nem választható.',
  END_NOT_AFTER_START: 'A végnek a kezdet után kell lennie.',
  UNIQUE_CONSTRAINT_VIOLATED: 'Ez az érték már foglalt.',
  CHECK_CONSTRAINT_VIOLATED: 'Az érték nem megengedett.',
  REFERENCE_CONSTRAINT_VIOLATED: 'Az elem még használatban van, vagy már nem létező elemre hivatkozik.',
  USER_EMAIL_TAKEN: 'Ez az e-mail-cím már egy másik felhasználóé.',
  PERMISSION_DENIED: 'Nincs jogosultsága a művelet végrehajtásához.',
  UNKNOWN_GARAGE: 'Nincs ilyen nevű garázs.',
  DUPLICATE_IN_FILE: 'A fájl egy korábbi sora ugyanezt nevezi meg.',
  UNKNOWN_GROUP: 'Nincs ilyen nevű csoport.',
};

const TEXTS: Readonly<Record<Locale, Texts>> = { 'en-US': english, 'hu-HU': hungarian };
const OTHER = { 'en-US': 'The value is not accepted', 'hu-HU': 'Az érték nem elfogadható' } as const;

/** The problem's message; a code without words of its own is named after a general one. */
export const problemMessage = (locale: Locale, code: string): string =>
  TEXTS[locale][code] ?? `${OTHER[locale]} (${code}).`;
