import type { BusinessErrorCode } from '@parkhere/contract';
import { BUSINESS_FAULT_NAME, isBusinessErrorCode } from '@parkhere/contract/plain';
import { ApiError } from './apiError.ts';

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

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null;

/** The details a 422 body carries (SPEC §8): beside its code, or inside the business fault's own object. */
function detailsOf(body: unknown): Readonly<Record<string, unknown>> {
  if (!isObject(body)) {
    return {};
  }
  const fault = body[BUSINESS_FAULT_NAME];
  const details = body.details ?? (isObject(fault) ? fault.details : undefined);
  return isObject(details) ? details : {};
}

/**
 * The details of a 422 answer refusing with business fault `code` (empty where it names none), for a form
 * that offers something in reply (book despite a holiday, take a free slot); null for any other answer.
 */
export function faultDetailsOf(
  error: unknown,
  code: BusinessErrorCode,
): Readonly<Record<string, unknown>> | null {
  if (
    !(error instanceof ApiError) ||
    error.status !== 422 ||
    !isObject(error.body) ||
    error.body.code !== code
  ) {
    return null;
  }
  return detailsOf(error.body);
}

/** A sentence of the `system` namespace with its values. */
/** A translation key and its values; `attribute` names the field the fault is about, when it names one. */
export type Sentence = { key: string; values?: Record<string, unknown>; attribute?: string };

const QUOTA_TYPES = new Set(['NORMAL', 'GUEST', 'LONG']);

/**
 * The one friendly sentence a 422 says, in the user's language; null for a code the app does not know (the
 * dialog's general sentence stands alone then). The server's own message and field names are English and
 * internal (`errorCode:`, `message:`), so they are never shown. A quota fault names its limit when the
 * server sent it, so the number is the one that was applied; a fault about one field names it.
 */
export function businessFaultSentence(body: unknown): Sentence | null {
  const { code } = readBusinessFault(body);
  if (code === undefined) {
    return null;
  }
  const { max, reservationType: type, attribute, group, releaseAt } = detailsOf(body);
  if (code === 'TOO_MANY_RESERVATION' && typeof max === 'number' && QUOTA_TYPES.has(String(type))) {
    return { key: `businessError.TOO_MANY_RESERVATION_${String(type)}`, values: { count: max } };
  }
  // A slot kept for a group's pool or for permit holders says until when, in the reader's language and clock.
  if (code === 'SLOT_IN_POOL' || code === 'SLOT_FOR_PERMIT_HOLDERS') {
    const until = typeof releaseAt === 'string' ? new Date(releaseAt) : null;
    return until === null || Number.isNaN(until.getTime())
      ? { key: `businessError.${code}_NO_TIME` }
      : { key: `businessError.${code}`, values: { until, group: typeof group === 'string' ? group : '' } };
  }
  // A fault one of several alike fields can raise (two retentions, several mail templates) names its field.
  return { key: `businessError.${code}`, ...(typeof attribute === 'string' ? { attribute } : {}) };
}
