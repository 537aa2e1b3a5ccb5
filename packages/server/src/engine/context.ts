import type { Readable } from 'node:stream';
import {
  type AccessPointName,
  accessPoints,
  type Endpoint,
  headers,
  parseQueryCustomizer,
  type Query,
  type TransferName,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../platform/db/schema.ts';
import { EntityNotFoundError, ValidationError } from '../platform/errors.ts';
import type { FileTokens } from '../platform/http/file-tokens.ts';
import type { SignedIdentifiers } from '../platform/http/signed-identifier.ts';
import type { MailLimits } from '../platform/mail/mail-limits.ts';
import { type ActorScope, assertAccessPoint, type RequestScope } from './access.ts';
import { headerValue, verifyIdentifier } from './identity.ts';
import type { Registry, Sources } from './registry.ts';
import { ref, type Sql } from './source.ts';

/** What every engine call works with: the database, the actor at the request's instant and its headers. */
export type EngineContext = {
  db: Kysely<DB>;
  scope: RequestScope;
  identifiers: SignedIdentifiers;
  files: FileTokens;
  headers: Record<string, string | string[] | undefined>;
  /** The URL's query parameters (an export's `format`). */
  urlQuery?: Readonly<Record<string, unknown>>;
  /** The capabilities' sources, operations and templates the engine serves. */
  registry: Registry;
  /** What users may make the server mail to people who did not ask for it (operations that queue such mail). */
  mailLimits: MailLimits;
  /** Enters the lane of large answers (heavy-lane.ts) for the rest of the request; absent outside HTTP. */
  heavy?: () => Promise<void>;
};

/** An engine answer before it goes on the wire. `body: undefined` is an empty body; `stream` a file sent as it is. */
export type EngineReply = { body: unknown; headers?: Record<string, string>; stream?: Readable };

/** The endpoint of one kind a generic handler answers: what its path names (type, relation, call, …). */
export type EndpointOf<K extends Endpoint['kind']> = Extract<Endpoint, { kind: K }>;

export const header = (context: EngineContext, name: string): string | undefined =>
  headerValue(context.headers[name.toLowerCase()]);

const accessPointOf = (type: TransferName): AccessPointName | undefined =>
  (Object.keys(accessPoints) as AccessPointName[]).find(
    (name) => accessPoints[name].target === type && accessPoints[name].cardinality === 'one',
  );

/** The actor's own instance of a single access point's type, if the type is one. */
export const defaultInstance = (
  sources: Sources,
  type: TransferName,
  scope: ActorScope,
): string | undefined => sources[type].instanceId?.(scope);

export type ResolvedInstance = {
  id: string;
  version: number | null;
  /** True when the actor may see the instance (an SQL predicate, checked in the call's statement). */
  visible: Sql;
};

/**
 * The instance a call addresses through `X-Judo-SignedIdentifier`; single access point types fall back to
 * the actor's own. Panels answer 404 for anybody else's identifier and 403 outside their audience.
 */
export const resolveInstance = async (
  context: EngineContext,
  type: TransferName,
): Promise<ResolvedInstance> => {
  const source = context.registry.sources[type];
  const raw = header(context, headers.signedIdentifier);
  const fallback = defaultInstance(context.registry.sources, type, context.scope);
  const identity =
    raw === undefined && fallback !== undefined
      ? { id: fallback, version: null }
      : await verifyIdentifier(context.identifiers, raw, type, headers.signedIdentifier);
  if (source.kind === 'virtual') {
    const accessPoint = accessPointOf(type);
    if (accessPoint !== undefined) {
      assertAccessPoint(accessPoint, context.scope);
    }
    if (fallback === undefined || identity.id !== fallback) {
      throw new EntityNotFoundError();
    }
    return { id: identity.id, version: identity.version, visible: sql`TRUE` };
  }
  const alias = 'o';
  const visible = sql`EXISTS (SELECT 1 FROM ${sql.raw(source.table)} ${sql.raw(alias)}
    WHERE ${ref(alias, 'id')} = ${identity.id} AND ${source.scope(alias, context.scope)})`;
  return { id: identity.id, version: identity.version, visible };
};

export const parseQuery = (type: TransferName, body: unknown, location = ''): Query => {
  const parsed = parseQueryCustomizer(type, body, location);
  if (!parsed.ok) {
    throw new ValidationError(parsed.errors);
  }
  return parsed.value;
};

/** Ids behind `_identifier` and `_seek.lastItem`, both signed identifiers of the listed type. */
export const queryIds = async (
  context: EngineContext,
  type: TransferName,
  query: Query,
  location = '',
): Promise<{ id: string | null; lastId: string | null }> => {
  const at = (path: string) => (location === '' ? path : `${location}.${path}`);
  const id =
    query.identifier === null
      ? null
      : (await verifyIdentifier(context.identifiers, query.identifier, type, at('_identifier'))).id;
  const lastItem = query.seek.lastItem;
  const lastId =
    lastItem === null
      ? null
      : (
          await verifyIdentifier(
            context.identifiers,
            lastItem.__signedIdentifier,
            type,
            at('_seek.lastItem.__signedIdentifier'),
          )
        ).id;
  return { id, lastId };
};

export const presenterOf = (context: EngineContext) => ({
  identifiers: context.identifiers,
  files: context.files,
  actorId: context.scope.userId,
});
