import { z } from 'zod';
import { INT32_MAX, INT32_MIN, isDate, isTime, isTimestamp } from '../calendar/formats.ts';
import type { ValidationErrorItem } from '../errors.ts';
import type { AttributeDef, RelationDef, TransferDef } from './dsl.ts';
import { instanceRuleErrors } from './instance-rules.ts';
import type { TransferOf } from './transfer-of.ts';
import { type TransferName, type TransferTypes, transferTypes } from './transfer-types.ts';
import { codedIssues, toErrorItems, type Validated } from './validation.ts';

/**
 * `create`: required attributes must be present and non-null.
 * `update`: bodies may be partial (X-Judo-Mask picks the fields), but a required attribute may not be null.
 * Nested relation items that carry a `__signedIdentifier` are references and are always checked as updates.
 */
export type BodyMode = 'create' | 'update';

const missingOrConversion = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'MISSING_REQUIRED_ATTRIBUTE' : 'CONVERSION_FAILED';

const formatted = (check: (value: string) => boolean) =>
  z.string({ error: missingOrConversion }).refine(check, { error: 'CONVERSION_FAILED' });

/** The type check alone: read-only attributes are echoed back by clients and ignored by the server. */
const typeSchema = (attribute: AttributeDef): z.ZodType => {
  switch (attribute.type) {
    case 'string':
    case 'binary':
      return z.string({ error: missingOrConversion });
    case 'integer':
      return z
        .number({ error: missingOrConversion })
        .int({ error: 'CONVERSION_FAILED' })
        .min(INT32_MIN, { error: 'CONVERSION_FAILED' })
        .max(INT32_MAX, { error: 'CONVERSION_FAILED' });
    case 'boolean':
      return z.boolean({ error: missingOrConversion });
    case 'date':
      return formatted(isDate);
    case 'time':
      return formatted(isTime);
    case 'timestamp':
      return formatted(isTimestamp);
    case 'enumeration':
      return z.enum(attribute.enumeration?.values ?? [], { error: missingOrConversion });
  }
};

/** With the `u` flag a surrogate matches only when it is not half of a pair. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const writableSchema = (attribute: AttributeDef): z.ZodType => {
  if (attribute.type !== 'string') {
    return typeSchema(attribute);
  }
  // PostgreSQL text cannot hold NUL, and half a surrogate pair is no character (UTF-8 cannot encode it, so it
  // would be stored as U+FFFD): refused here with their location rather than changed or failed by the database.
  let schema = z
    .string({ error: missingOrConversion })
    .refine((value) => !value.includes('\u0000') && !LONE_SURROGATE.test(value), {
      error: 'CONVERSION_FAILED',
      abort: true,
    });
  if (attribute.maxLength !== undefined) {
    // One message per field: an over-long value is not also reported as a pattern mismatch.
    schema = schema.max(attribute.maxLength, { error: 'MAX_LENGTH_VALIDATION_FAILED', abort: true });
  }
  // A required value of only blanks is reported once, as missing, by validateBody (blankRequiredErrors).
  const blankRequired = (value: string) => attribute.required && value.trim() === '';
  if (attribute.pattern !== undefined) {
    const pattern = new RegExp(attribute.pattern);
    schema = schema.refine((value) => blankRequired(value) || pattern.test(value), {
      error: 'PATTERN_VALIDATION_FAILED',
      abort: true,
    });
  }
  const { known } = attribute;
  if (known !== undefined) {
    schema = schema.refine((value) => blankRequired(value) || known(value), {
      error: 'NOT_ACCEPTED_BY_RANGE',
    });
  }
  return schema;
};

export const attributeSchema = (attribute: AttributeDef, mode: BodyMode): z.ZodType => {
  if (attribute.readOnly) {
    return typeSchema(attribute).nullable().optional();
  }
  const schema = writableSchema(attribute);
  if (!attribute.required) {
    return schema.nullable().optional();
  }
  return mode === 'create' ? schema : schema.optional();
};

const metadataSchema = {
  __identifier: z.string({ error: 'CONVERSION_FAILED' }).optional(),
  __signedIdentifier: z.string({ error: 'CONVERSION_FAILED' }).optional(),
  __version: z.number({ error: 'CONVERSION_FAILED' }).int({ error: 'CONVERSION_FAILED' }).optional(),
  __entityType: z.string({ error: 'CONVERSION_FAILED' }).optional(),
  __deleteable: z.boolean({ error: 'CONVERSION_FAILED' }).optional(),
  __updateable: z.boolean({ error: 'CONVERSION_FAILED' }).optional(),
  __selected: z.boolean({ error: 'CONVERSION_FAILED' }).optional(),
};

const isReference = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && '__signedIdentifier' in value;

/** A nested item is checked lazily so cyclic models (garage ↔ slot) need no fixed depth. */
const nestedItem = (target: TransferName, mode: BodyMode) =>
  z.unknown().superRefine((value, context) => {
    const result = bodySchema(target, isReference(value) ? 'update' : mode).safeParse(value);
    if (result.success) {
      return;
    }
    for (const { code, path } of result.error.issues.flatMap(codedIssues)) {
      context.addIssue({ code: 'custom', message: code, path });
    }
  });

const relationSchema = (relation: RelationDef, mode: BodyMode): z.ZodType => {
  const item = nestedItem(relation.target as TransferName, mode);
  if (relation.cardinality === 'many') {
    return z.array(item, { error: 'CONVERSION_FAILED' }).nullable().optional();
  }
  if (relation.required && mode === 'create') {
    return z.unknown().superRefine((value, context) => {
      if (value === undefined || value === null) {
        context.addIssue({ code: 'custom', message: 'MISSING_REQUIRED_ATTRIBUTE' });
        return;
      }
      const result = item.safeParse(value);
      for (const issue of result.success ? [] : result.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
      }
    });
  }
  return item.nullable().optional();
};

const cache = new Map<string, z.ZodType>();

/**
 * The body schema of a transfer type: its attributes, relations and the JUDO metadata; nothing else.
 * `optional`: required relations an operation's input does without (OperationDef.optionalInput).
 */
export const bodySchema = (
  name: TransferName,
  mode: BodyMode,
  optional: readonly string[] = [],
): z.ZodType => {
  const key = `${name}:${mode}:${optional.join(',')}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    return cached;
  }
  const definition: TransferDef = transferTypes[name];
  const shape: Record<string, z.ZodType> = { ...metadataSchema };
  for (const [attributeName, attribute] of Object.entries(definition.attributes)) {
    shape[attributeName] = attributeSchema(attribute, mode);
  }
  for (const [relationName, relation] of Object.entries(definition.relations)) {
    shape[relationName] = relationSchema(
      optional.includes(relationName) ? { ...relation, required: false } : relation,
      mode,
    );
  }
  const schema = z.strictObject(shape, { error: 'CONVERSION_FAILED' });
  cache.set(key, schema);
  return schema;
};

/**
 * A required string of only blanks is no value: the server trims names, so it would store '' where one is
 * required. Judged on what is written (validateBody), not in the schema, which also reads forms in progress
 * (a ~range owner) and rows echoed back (a seek's lastItem) that may hold '' from before this rule.
 */
const blankRequiredErrors = (name: TransferName, values: Readonly<Record<string, unknown>>) =>
  Object.entries((transferTypes[name] as TransferDef).attributes).flatMap(
    ([attribute, definition]): ValidationErrorItem[] => {
      const value = values[attribute];
      return definition.required && !definition.readOnly && typeof value === 'string' && value.trim() === ''
        ? [{ code: 'MISSING_REQUIRED_ATTRIBUTE', level: 'ERROR', location: attribute }]
        : [];
    },
  );

/** Validates a request body of a transfer type; errors carry JUDO codes and `cars[0].licensePlate` locations. */
export const validateBody = <N extends TransferName>(
  name: N,
  body: unknown,
  mode: BodyMode,
  optional: readonly string[] = [],
): Validated<TransferOf<TransferTypes[N]>> => {
  const result = bodySchema(name, mode, optional).safeParse(body);
  if (!result.success) {
    return { ok: false, errors: toErrorItems(result.error.issues) };
  }
  const values = result.data as Record<string, unknown>;
  const blank = blankRequiredErrors(name, values);
  if (blank.length > 0) {
    return { ok: false, errors: blank };
  }
  const broken = instanceRuleErrors(name, values);
  if (broken.length > 0) {
    return { ok: false, errors: broken };
  }
  // The schema was derived from the same definition the type is inferred from.
  return { ok: true, value: result.data as TransferOf<TransferTypes[N]> };
};
