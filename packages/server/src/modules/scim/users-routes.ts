import { transferTypes } from '@parkhere/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Executor } from '../../platform/db/executor.ts';
import { type DirectoryUser, type DirectoryUserInput, directoryUsers } from '../users/index.ts';
import { patchMessageOf, resourceOfBody, SCIMMY, userResource as scimUser, userInputOf } from './protocol.ts';
import { equalityQuery, pageOf } from './query.ts';
import { type IdParams, listAnswer, resourcesOf } from './resources.ts';
import type { ScimEndpoint } from './scim-endpoint.ts';

/** What a list of Users may be filtered by: the unique indexes that find a person. */
const USER_FILTERS = { userName: 'email', externalId: 'externalId', 'emails.value': 'email' } as const;

/** RFC 7644 §3: Users, created, read, listed, replaced, patched and deleted by the directory. */
export const usersRoutes: FastifyPluginAsync<ScimEndpoint> = async (users, endpoint) => {
  const { db } = endpoint;
  const resources = resourcesOf(endpoint, transferTypes.UserSettings.entityType, 'User');
  const userIdOf = resources.rowIdOf;
  const directoryChange = resources.change;

  /** The resource as answered: SCIMMY's shape, its location at the server's public address. */
  const located = async (user: DirectoryUser) => {
    const resource = scimUser(user, await resources.idOf(user.id));
    resource.meta.location = resources.located(resource.meta.location);
    return resource;
  };
  const answer = async (reply: FastifyReply, user: DirectoryUser, status = 200) =>
    resources.answer(reply, await located(user), status);

  /** The user of a verified id, or 404 (gone from the directory). */
  const found = async (tx: Executor, userId: string, id: string): Promise<DirectoryUser> => {
    const user = await directoryUsers.find(tx, userId);
    if (user === undefined) {
      throw resources.notFound(id);
    }
    return user;
  };

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
    const query = equalityQuery(filter, USER_FILTERS);
    const page = pageOf(startIndex, count);
    const listed = await directoryUsers.list(db, query, page);
    const found = await Promise.all(listed.users.map(located));
    return listAnswer(
      reply,
      { total: listed.total, startIndex: page.startIndex, resources: found },
      SCIMMY.Messages.ListResponse.id,
    );
  });

  users.post('/', async (request, reply) => {
    const input = userInputOf(resourceOfBody(request.body, SCIMMY.Schemas.User));
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
    const input = userInputOf(resourceOfBody(request.body, SCIMMY.Schemas.User));
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
