import type { DirectoryQuery } from '../users/index.ts';
import { MAX_COUNT, SCIMMY, scimError } from './protocol.ts';

/*
 * What a list of Users asks for: RFC 7644 §3.4.2's `filter` as SCIMMY parses it, narrowed to what the
 * directories send when they match a person (`userName eq`, `externalId eq`, and `emails.value eq`), each
 * answered in SQL by a unique index; and its page (`startIndex`, `count`).
 */

type Comparison = [string, unknown?];

/** The one string a comparison is equal to, or 400 invalidFilter. */
function equalTo(attribute: string, comparison: unknown): string {
  const [operator, value] = (Array.isArray(comparison) ? comparison : []) as Comparison;
  if (operator?.toLowerCase() !== 'eq' || typeof value !== 'string') {
    throw scimError(400, `Only '${attribute} eq "<text>"' is supported`, 'invalidFilter');
  }
  return value;
}

const UNSUPPORTED = 'Supported filters: userName eq, externalId eq, emails.value eq, joined by and';

/** The users module's query of a filter (none: every user). */
export function directoryQueryOf(filter: string | undefined): DirectoryQuery {
  if (filter === undefined) {
    return {};
  }
  const branches = new SCIMMY.Types.Filter(filter);
  const [branch] = branches;
  if (branches.length !== 1 || branch === undefined) {
    throw scimError(400, UNSUPPORTED, 'invalidFilter');
  }
  const query: DirectoryQuery = {};
  for (const [attribute, comparison] of Object.entries(branch)) {
    switch (attribute.toLowerCase()) {
      case 'username':
        query.email = equalTo('userName', comparison);
        break;
      case 'externalid':
        query.externalId = equalTo('externalId', comparison);
        break;
      case 'emails': {
        const { value, ...rest } = (comparison ?? {}) as Record<string, unknown>;
        if (Object.keys(rest).length > 0 || value === undefined) {
          throw scimError(400, UNSUPPORTED, 'invalidFilter');
        }
        query.email = equalTo('emails.value', value);
        break;
      }
      default:
        throw scimError(400, UNSUPPORTED, 'invalidFilter');
    }
  }
  return query;
}

/** A query parameter as a whole number, or 400 invalidValue. */
function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') {
    return fallback;
  }
  if (!/^-?\d{1,9}$/.test(value)) {
    throw scimError(400, `${name} must be an integer`, 'invalidValue');
  }
  return Number(value);
}

/** RFC 7644 §3.4.2.4: a startIndex below 1 is 1, a negative count is 0; count is at most MAX_COUNT. */
export function pageOf(startIndex: string | undefined, count: string | undefined) {
  const start = Math.max(1, wholeNumber('startIndex', startIndex, 1));
  const limit = Math.min(MAX_COUNT, Math.max(0, wholeNumber('count', count, MAX_COUNT)));
  return { startIndex: start, offset: start - 1, limit };
}
