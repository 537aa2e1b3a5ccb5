import { z } from 'zod';
import { bodySchema } from './body-schema.ts';
import { parseQueryCustomizer, type Query } from './query-customizer.ts';
import type { TransferName } from './transfer-types.ts';
import { toErrorItems, type Validated } from './validation.ts';

/**
 * Body of `POST services/{Type}/{relation}/~range`: the owner as the client holds it (possibly an unsaved
 * form) and a query customizer over the relation's target type.
 */
export type RangeRequest = { owner: Record<string, unknown> | null; query: Query };

export const parseRangeRequest = (
  ownerType: TransferName,
  targetType: TransferName,
  body: unknown,
): Validated<RangeRequest> => {
  const envelope = z
    .strictObject(
      { owner: z.unknown().optional(), queryCustomizer: z.unknown().optional() },
      { error: 'CONVERSION_FAILED' },
    )
    .safeParse(body ?? {});
  if (!envelope.success) {
    return { ok: false, errors: toErrorItems(envelope.error.issues) };
  }
  const { owner, queryCustomizer } = envelope.data;
  if (owner !== undefined && owner !== null) {
    const ownerResult = bodySchema(ownerType, 'update').safeParse(owner);
    if (!ownerResult.success) {
      return { ok: false, errors: toErrorItems(ownerResult.error.issues, 'owner') };
    }
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
