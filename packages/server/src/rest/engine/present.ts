import type { SignedIdentifiers } from '../signed-identifier.ts';

/*
 * The last step before a response: every entity in the JSON gets its `__signedIdentifier` over id, type
 * and version, signed here because the database does not know the secret.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const present = async (value: unknown, identifiers: SignedIdentifiers): Promise<unknown> => {
  const pending: Promise<void>[] = [];
  const visit = (node: Json) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node)) {
      return;
    }
    for (const child of Object.values(node)) {
      visit(child);
    }
    const { __identifier: id, __entityType: type, __version: version } = node;
    if (typeof id === 'string' && typeof type === 'string' && typeof version === 'number') {
      pending.push(
        identifiers.sign({ id, type, version }).then((signed) => {
          node.__signedIdentifier = signed;
        }),
      );
    }
  };
  visit(value as Json);
  await Promise.all(pending);
  return value;
};
