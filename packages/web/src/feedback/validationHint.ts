import {
  type AttributeDef,
  EMAIL_PATTERN,
  LICENSE_PLATE_PATTERN,
  TIME_ZONE_PATTERN,
  type TransferName,
  transferTypes,
} from '@parkhere/contract';

/** A sentence of the `system` namespace with its values. */
export type ValidationSentence = { key: string; values?: Record<string, unknown> };

// Each pattern of the contract, said as what it allows. A regex is no hint for a person.
const PATTERN_HINTS: ReadonlyMap<string, string> = new Map([
  [LICENSE_PLATE_PATTERN, 'validation.hint.licensePlate'],
  [EMAIL_PATTERN, 'validation.hint.email'],
  [TIME_ZONE_PATTERN, 'validation.hint.timeZone'],
]);

/** The contract's attribute behind a form field, when the field is one of the type's attributes. */
export function attributeOf(type: TransferName, field: string): AttributeDef | undefined {
  const attributes: Readonly<Record<string, AttributeDef>> = transferTypes[type].attributes;
  return Object.hasOwn(attributes, field) ? attributes[field] : undefined;
}

/**
 * What a field's error code says: a pattern or length failure names what is allowed and the limit, from the
 * contract's own pattern and maxLength; every other code its usual text. A plate's limit is the pattern's
 * (1–20 characters), not its maxLength, which also counts the blanks the server trims.
 */
export function validationSentence(code: string, attribute: AttributeDef | undefined): ValidationSentence {
  const hint = attribute?.pattern === undefined ? undefined : PATTERN_HINTS.get(attribute.pattern);
  if (
    hint !== undefined &&
    (code === 'PATTERN_VALIDATION_FAILED' || code === 'MAX_LENGTH_VALIDATION_FAILED')
  ) {
    return { key: hint };
  }
  if (code === 'MAX_LENGTH_VALIDATION_FAILED' && attribute?.maxLength !== undefined) {
    return { key: 'validation.hint.maxLength', values: { count: attribute.maxLength } };
  }
  return { key: `validation.${code}` };
}
