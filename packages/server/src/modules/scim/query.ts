import { MAX_COUNT, SCIMMY, scimError } from './protocol.ts';

/*
 * What a list asks for: RFC 7644 §3.4.2's `filter` as SCIMMY parses it, narrowed to what the directories send
 * when they match a resource (for Users `userName eq`, `externalId eq` and `emails.value eq`; for Groups
 * `displayName eq` and `externalId eq`), each answered in SQL by a unique index; and its page (`startIndex`,
 * `count`).
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

/** Each comparison of a branch by its attribute's path (`emails.value`), as written. */
const comparisonsOf = (branch: object, prefix = ''): [string, unknown][] =>
  Object.entries(branch).flatMap(([attribute, comparison]) =>
    typeof comparison === 'object' && comparison !== null && !Array.isArray(comparison)
      ? comparisonsOf(comparison, `${prefix}${attribute}.`)
      : [[`${prefix}${attribute}`, comparison] as [string, unknown]],
  );

/**
 * The query of a filter: the key each supported attribute path (`attributes`; any case, as RFC 7643 §2.1 reads
 * names) sets to the text it must equal; none: every resource. Anything else, `or` included, is 400
 * invalidFilter.
 */
export function equalityQuery<Key extends string>(
  filter: string | undefined,
  attributes: Readonly<Record<string, Key>>,
): Partial<Record<Key, string>> {
  if (filter === undefined) {
    return {};
  }
  const unsupported = `Supported filters: ${Object.keys(attributes).join(' eq, ')} eq, joined by and`;
  const keys = new Map(Object.entries(attributes).map(([path, key]) => [path.toLowerCase(), key]));
  const branches = new SCIMMY.Types.Filter(filter);
  const [branch] = branches;
  if (branches.length !== 1 || branch === undefined) {
    throw scimError(400, unsupported, 'invalidFilter');
  }
  const query: Partial<Record<Key, string>> = {};
  for (const [path, comparison] of comparisonsOf(branch)) {
    const key = keys.get(path.toLowerCase());
    if (key === undefined) {
      throw scimError(400, unsupported, 'invalidFilter');
    }
    query[key] = equalTo(path, comparison);
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
