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
