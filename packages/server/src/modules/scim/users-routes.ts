import { transferTypes } from '@parkhere/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { originOf } from '../../platform/http/origin.ts';
import type { SignedIdentifiers } from '../../platform/http/signed-identifier.ts';
import { type DirectoryUser, type DirectoryUserInput, directoryUsers } from '../users/index.ts';
import {
  patchMessageOf,
  SCIM_CONTENT_TYPE,
  SCIMMY,
  type ScimUser,
  scimError,
  userResource as scimUser,
  userInputOf,
} from './protocol.ts';
import { directoryQueryOf, pageOf } from './user-query.ts';

/** What the Users endpoint needs of the server it runs in (app.ts binds it). */
export type UsersEndpoint = {
  db: Kysely<DB>;
  identifiers: SignedIdentifiers;
  /** The origin the directory reaches the server at (PUBLIC_URL): each resource's meta.location starts with it. */
  publicUrl: string;
  now: () => Date;
  /** The one way a user leaves (the users' deactivation with every module's hooks), in the caller's transaction. */
  leave: (db: Executor, userId: string) => Promise<void>;
  /** The one way a user is erased (the users' anonymisation with every module's hooks), in the caller's transaction. */
  erase: (db: Executor, userId: string) => Promise<void>;
};

/** Who the audit log says made the directory's changes. */
const DIRECTORY_ACTOR = 'directory:scim';

/*
 * A user's SCIM id is the API's signed identifier of the user (type UserSettings) at version 0: opaque, refused
 * when forged, and the same however often the user changes (RFC 7643 §3.1: an id never changes).
 */
const USER_TYPE = transferTypes.UserSettings.entityType;

type IdParams = { Params: { id: string } };

/** RFC 7644 §3: Users, created, read, listed, replaced, patched and deleted by the directory. */
export const usersRoutes: FastifyPluginAsync<UsersEndpoint> = async (users, endpoint) => {
  const { db, identifiers } = endpoint;
  const idOf = (user: DirectoryUser) => identifiers.sign({ id: user.id, type: USER_TYPE, version: 0 });

  /** The resource as answered: SCIMMY's shape, its location at the server's public address. */
  const located = async (user: DirectoryUser) => {
    const resource = scimUser(user, await idOf(user));
    resource.meta.location = `${endpoint.publicUrl}${resource.meta.location}`;
    return resource;
  };
  const answer = async (reply: FastifyReply, user: DirectoryUser, status = 200) => {
    const resource = await located(user);
    return reply
      .code(status)
      .type(SCIM_CONTENT_TYPE)
      .header('location', resource.meta.location)
      .send(resource);
  };

  /** The user an id names, or 404 (forged, another type, or gone from the directory). */
  const userIdOf = async (id: string): Promise<string> => {
    const identity = await identifiers.verify(id);
    if (identity === undefined || identity.type !== USER_TYPE) {
      throw scimError(404, `User ${id} not found`);
    }
    return identity.id;
  };
  const found = async (tx: Executor, userId: string, id: string): Promise<DirectoryUser> => {
    const user = await directoryUsers.find(tx, userId);
    if (user === undefined) {
      throw scimError(404, `User ${id} not found`);
    }
    return user;
  };

  // The directory's change, stamped with the request it came in for the audit log.
  const directoryChange = <T>(request: FastifyRequest, reason: string, work: (tx: Executor) => Promise<T>) =>
    stampedTransaction(db, { actor: DIRECTORY_ACTOR, reason, ...originOf(request) }, work);

  /** Sets what the directory sent, then makes the user leave or return when `active` changed. */
  const write = async (tx: Executor, user: DirectoryUser, input: DirectoryUserInput) => {
    await directoryUsers.update(tx, user.id, input);
    if (user.isActive && !input.isActive) {
      await endpoint.leave(tx, user.id);
    } else if (!user.isActive && input.isActive) {
      await directoryUsers.reactivate(tx, user.id);
    }
    return found(tx, user.id, user.id);
  };

  users.get<{ Querystring: Record<string, string | undefined> }>('/', async (request, reply) => {
    const { filter, startIndex, count } = request.query;
    const query = directoryQueryOf(filter);
    const page = pageOf(startIndex, count);
    const listed = await directoryUsers.list(db, query, page);
    const resources = await Promise.all(listed.users.map(located));
    return reply.type(SCIM_CONTENT_TYPE).send({
      schemas: [SCIMMY.Messages.ListResponse.id],
      totalResults: listed.total,
      startIndex: page.startIndex,
      itemsPerPage: resources.length,
      Resources: resources,
    });
  });

  users.post('/', async (request, reply) => {
    const input = userInputOf(userOfBody(request.body));
    const created = await directoryChange(request, 'directory provisioning', (tx) =>
      directoryUsers.create(tx, input, endpoint.now()),
    );
    return answer(reply, created, 201);
  });

  users.get<IdParams>('/:id', async (request, reply) =>
    answer(reply, await found(db, await userIdOf(request.params.id), request.params.id)),
  );

  users.put<IdParams>('/:id', async (request, reply) => {
    const userId = await userIdOf(request.params.id);
    const input = userInputOf(userOfBody(request.body));
    const user = await directoryChange(request, 'directory update', async (tx) =>
      write(tx, await found(tx, userId, request.params.id), input),
    );
    return answer(reply, user);
  });

  users.patch<IdParams>('/:id', async (request, reply) => {
    const userId = await userIdOf(request.params.id);
    const message = patchMessageOf(request.body);
    const user = await directoryChange(request, 'directory update', async (tx) => {
      const before = await found(tx, userId, request.params.id);
      const current = scimUser(before, request.params.id);
      const patched = await message.apply(current);
      return patched === undefined ? before : write(tx, before, userInputOf(patched));
    });
    return answer(reply, user);
  });

  users.delete<IdParams>('/:id', async (request, reply) => {
    const userId = await userIdOf(request.params.id);
    await directoryChange(request, 'directory deletion', async (tx) => {
      const user = await found(tx, userId, request.params.id);
      if (user.isActive) {
        await endpoint.leave(tx, user.id);
      }
      if (!user.anonymised) {
        await endpoint.erase(tx, user.id);
      }
      await directoryUsers.markDeleted(tx, user.id, endpoint.now());
    });
    return reply.code(204).send();
  });
};

/** A request body as a User resource, checked by SCIMMY's User schema (400 when it is none). */
function userOfBody(body: unknown): ScimUser {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw scimError(400, 'The body must be a User resource (a JSON object)', 'invalidSyntax');
  }
  return new SCIMMY.Schemas.User(body as Record<string, unknown>, 'in');
}
