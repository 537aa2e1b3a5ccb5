import { type BusinessErrorCode, isBusinessErrorCode } from '@parkhere/contract';

export type BusinessFault = {
  /** The first key of the 422 body, e.g. `ParkHere::BusinessError`. */
  name: string;
  code: BusinessErrorCode | undefined;
  /** The fault's own fields as `field: value` pairs, as the dialog lists them. */
  items: { field: string; value: string }[];
};

function asText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  return JSON.stringify(value) ?? '';
}

/** Reads a 422 body (SPEC §8: the first key is the business fault name). */
export function readBusinessFault(body: unknown): BusinessFault {
  if (typeof body !== 'object' || body === null) {
    return { name: '', code: undefined, items: [] };
  }
  const entries = Object.entries(body);
  const [name, fault] = entries[0] ?? ['', undefined];
  const fields = typeof fault === 'object' && fault !== null ? Object.entries(fault) : [];
  const rawCode = 'code' in body ? body.code : fields.find(([field]) => field === 'errorCode')?.[1];
  return {
    name,
    code: isBusinessErrorCode(rawCode) ? rawCode : undefined,
    items: fields.map(([field, value]) => ({ field, value: asText(value) })),
  };
}

/** A sentence of the `system` namespace with its values. */
export type Sentence = { key: string; values?: Record<string, unknown> };

const QUOTA_TYPES = new Set(['NORMAL', 'GUEST', 'LONG']);

/**
 * The one friendly sentence a 422 says, in the user's language; null for a code the app does not know (the
 * dialog's general sentence stands alone then). The server's own message and field names are English and
 * internal (`errorCode:`, `message:`), so they are never shown. A quota fault names its limit when the
 * server sent it, so the number is the one that was applied.
 */
export function businessFaultSentence(body: unknown): Sentence | null {
  const { code } = readBusinessFault(body);
  if (code === undefined) {
    return null;
  }
  const details =
    typeof body === 'object' && body !== null && 'details' in body && typeof body.details === 'object'
      ? (body.details as Record<string, unknown> | null)
      : null;
  const max = details?.max;
  const type = details?.reservationType;
  if (code === 'TOO_MANY_RESERVATION' && typeof max === 'number' && QUOTA_TYPES.has(String(type))) {
    return { key: `businessError.TOO_MANY_RESERVATION_${String(type)}`, values: { count: max } };
  }
  return { key: `businessError.${code}` };
}
