import type { FileTokens } from '../platform/http/file-tokens.ts';
import type { SignedIdentifiers } from '../platform/http/signed-identifier.ts';

/*
 * The last step before a response: every entity in the JSON gets its `__signedIdentifier` over id, type
 * and version, and every file attribute becomes a download token bound to the actor; both are signed here
 * because the database does not know the secret.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type Presenter = { identifiers: SignedIdentifiers; files: FileTokens; actorId: string };

export const present = async (value: unknown, presenter: Presenter): Promise<unknown> => {
  const pending: Promise<void>[] = [];
  const visit = (node: Json) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node)) {
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (isObject(child) && typeof child.__file === 'string' && typeof node.__entityType === 'string') {
        pending.push(
          presenter.files
            .file({
              sub: presenter.actorId,
              fileId: child.__file,
              name: String(child.name),
              cType: String(child.cType),
              type: node.__entityType,
              attribute: key,
              // Bound to the row it was read from: sent back, it may only be written into that row again.
              entity: typeof node.__identifier === 'string' ? node.__identifier : null,
            })
            .then((token) => {
              node[key] = token;
            }),
        );
        continue;
      }
      visit(child);
    }
    const { __identifier: id, __entityType: type, __version: version } = node;
    if (typeof id === 'string' && typeof type === 'string' && typeof version === 'number') {
      pending.push(
        presenter.identifiers.sign({ id, type, version }).then((signed) => {
          node.__signedIdentifier = signed;
        }),
      );
    }
  };
  visit(value as Json);
  await Promise.all(pending);
  return value;
};
