import type { FastifyReply, FastifyRequest } from 'fastify';
import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { originOf } from '../../platform/http/origin.ts';
import { SCIM_CONTENT_TYPE, scimError } from './protocol.ts';
import type { ScimEndpoint } from './scim-endpoint.ts';

/** Who the audit log says made the directory's changes. */
const DIRECTORY_ACTOR = 'directory:scim';

export type IdParams = { Params: { id: string } };

/**
 * What Users and Groups do alike. A resource's SCIM id is the API's signed identifier of its row (its type's
 * entity type) at version 0: opaque, refused when forged, and the same however often the row changes (RFC 7643
 * §3.1: an id never changes). `name` is the resource type's, for the 404's detail.
 */
export function resourcesOf(endpoint: ScimEndpoint, entityType: string, name: string) {
  const { identifiers } = endpoint;
  const notFound = (id: string) => scimError(404, `${name} ${id} not found`);
  return {
    notFound,
    /** The SCIM id of a row. */
    idOf: (rowId: string) => identifiers.sign({ id: rowId, type: entityType, version: 0 }),
    /** The row a SCIM id names, or undefined (forged, or of another type). */
    async rowIdOrUndefined(id: string): Promise<string | undefined> {
      const identity = await identifiers.verify(id);
      return identity === undefined || identity.type !== entityType ? undefined : identity.id;
    },
    /** The row a SCIM id names, or 404 (forged, or of another type). */
    async rowIdOf(id: string): Promise<string> {
      const identity = await identifiers.verify(id);
      if (identity === undefined || identity.type !== entityType) {
        throw notFound(id);
      }
      return identity.id;
    },
    /** A path of the SCIM service at the server's public address (a resource's meta.location). */
    located: (location: string) => `${endpoint.publicUrl}${location}`,
    /** The resource as answered, with its Location. */
    answer: (reply: FastifyReply, resource: { meta: { location: string } }, status = 200) =>
      reply.code(status).type(SCIM_CONTENT_TYPE).header('location', resource.meta.location).send(resource),
    /** The directory's change, stamped with the request it came in for the audit log. */
    change: <T>(request: FastifyRequest, reason: string, work: (tx: Executor) => Promise<T>) =>
      stampedTransaction(endpoint.db, { actor: DIRECTORY_ACTOR, reason, ...originOf(request) }, work),
  };
}

/** A list as RFC 7644 §3.4.2 answers it. */
export const listAnswer = (
  reply: FastifyReply,
  list: { total: number; startIndex: number; resources: unknown[] },
  schema: string,
) =>
  reply.type(SCIM_CONTENT_TYPE).send({
    schemas: [schema],
    totalResults: list.total,
    startIndex: list.startIndex,
    itemsPerPage: list.resources.length,
    Resources: list.resources,
  });
