import { z } from 'zod';
import { bodySchema } from './body-schema.ts';
import { parseQueryCustomizer, type Query } from './query-customizer.ts';
import type { TransferName } from './transfer-types.ts';
import { invalid, toErrorItems, type Validated } from './validation.ts';

/**
 * Body of `POST services/{Type}/{relation}/~range`: the owner as the client holds it (possibly an unsaved
 * form) and a query customizer over the relation's target type.
 */
export type RangeRequest = { owner: Record<string, unknown> | null; query: Query };

/** A form in progress, checked as an update is: every attribute optional, none unknown, each of its type. */
const draftErrors = (ownerType: TransferName, owner: unknown) => {
  if (owner === undefined || owner === null) {
    return undefined;
  }
  const result = bodySchema(ownerType, 'update').safeParse(owner);
  return result.success ? undefined : toErrorItems(result.error.issues, 'owner');
};

// Built once: a zod schema costs more to build than to run, and a form asks for its range at every keystroke.
const rangeEnvelope = z.strictObject(
  { owner: z.unknown().optional(), queryCustomizer: z.unknown().optional() },
  { error: 'CONVERSION_FAILED' },
);
const draftRelationEnvelope = z.strictObject(
  { owner: z.unknown(), value: z.unknown().optional() },
  { error: 'CONVERSION_FAILED' },
);

export const parseRangeRequest = (
  ownerType: TransferName,
  targetType: TransferName,
  body: unknown,
): Validated<RangeRequest> => {
  const envelope = rangeEnvelope.safeParse(body ?? {});
  if (!envelope.success) {
    return { ok: false, errors: toErrorItems(envelope.error.issues) };
  }
  const { owner, queryCustomizer } = envelope.data;
  const ownerErrors = draftErrors(ownerType, owner);
  if (ownerErrors !== undefined) {
    return { ok: false, errors: ownerErrors };
  }
  const query = parseQueryCustomizer(targetType, queryCustomizer, 'queryCustomizer');
  if (!query.ok) {
    return query;
  }
  return {
    ok: true,
    value: {
      owner: owner === undefined || owner === null ? null : (owner as Record<string, unknown>),
      query: query.value,
    },
  };
};

/**
 * Body of `POST services/{Form}/~update/{relation}/~set|~unset|~add|~remove`: the unsaved form (`owner`,
 * required) and the picked entities (`value`: one, a list, or nothing for `~unset`), checked as `~range`
 * checks its owner, so no call on a draft takes what another refuses.
 */
export type DraftRelationRequest = { owner: Record<string, unknown>; value: unknown };

export const parseDraftRelationRequest = (
  ownerType: TransferName,
  body: unknown,
): Validated<DraftRelationRequest> => {
  const envelope = draftRelationEnvelope.safeParse(body ?? {});
  if (!envelope.success) {
    return { ok: false, errors: toErrorItems(envelope.error.issues) };
  }
  const { owner, value } = envelope.data;
  if (typeof owner !== 'object' || owner === null || Array.isArray(owner)) {
    return invalid(owner === undefined ? 'MISSING_REQUIRED_ATTRIBUTE' : 'CONVERSION_FAILED', 'owner');
  }
  const ownerErrors = draftErrors(ownerType, owner);
  if (ownerErrors !== undefined) {
    return { ok: false, errors: ownerErrors };
  }
  return { ok: true, value: { owner: owner as Record<string, unknown>, value } };
};
