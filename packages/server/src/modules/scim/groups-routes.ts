import { transferTypes } from '@parkhere/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Executor } from '../../platform/db/executor.ts';
import { type DirectoryGroup, directoryGroups } from '../groups/index.ts';
import { directoryUsers } from '../users/index.ts';
import { groupPatchOf, type MemberChange } from './group-patch.ts';
import {
  type GroupMember,
  groupInputOf,
  groupResource,
  resourceOfBody,
  SCIM_PATH,
  SCIMMY,
  scimError,
} from './protocol.ts';
import { equalityQuery, pageOf } from './query.ts';
import { type IdParams, listAnswer, resourcesOf } from './resources.ts';
import type { ScimEndpoint } from './scim-endpoint.ts';

/** What a list of Groups may be filtered by: the unique indexes that find a group (the name in any case). */
const GROUP_FILTERS = { displayName: 'name', externalId: 'externalId' } as const;

type Query = { Querystring: Record<string, string | undefined> };

/** Whether an answer lists the members: not when `excludedAttributes` names them (RFC 7644 §3.9, as Entra ID asks). */
const withMembers = (query: Record<string, string | undefined>) =>
  !(query.excludedAttributes ?? '')
    .split(',')
    .some((attribute) => attribute.trim().toLowerCase() === 'members');

const defined = <T>(value: T | undefined): value is T => value !== undefined;

/** How many unknown members a refusal names. */
const NAMED_UNKNOWN = 3;

/**
 * RFC 7644 §3: Groups, created, read, listed, replaced, patched and deleted by the directory. They are the groups
 * administrators keep (Settings › Groups, modules/groups): displayName is the name, externalId the directory's
 * id, members the users by their SCIM ids. The directory sets no rule of a group and keeps those set.
 */
export const groupsRoutes: FastifyPluginAsync<ScimEndpoint> = async (groups, endpoint) => {
  const { db } = endpoint;
  const resources = resourcesOf(endpoint, transferTypes.GroupSettings.entityType, 'Group');
  const users = resourcesOf(endpoint, transferTypes.UserSettings.entityType, 'User');

  /** The groups' members as a Group lists them, named and located, read in one statement. */
  const membersNamed = async (tx: Executor, found: readonly DirectoryGroup[]) => {
    const byUser = new Map<string, GroupMember>();
    for (const user of await directoryUsers.present(tx, [
      ...new Set(found.flatMap((one) => one.memberIds)),
    ])) {
      const id = await users.idOf(user.id);
      const location = users.located(`${SCIM_PATH}${SCIMMY.Resources.User.endpoint}/${id}`);
      byUser.set(user.id, { id, name: user.name, location });
    }
    return byUser;
  };
  /** A group as its resource, its members (unless left out) by `named`. */
  const located = async (group: DirectoryGroup, named: Map<string, GroupMember>, members: boolean) => {
    const listed = members ? group.memberIds.map((userId) => named.get(userId)).filter(defined) : undefined;
    const resource = groupResource(group, await resources.idOf(group.id), listed);
    resource.meta.location = resources.located(resource.meta.location);
    return resource;
  };
  const answer = async (reply: FastifyReply, group: DirectoryGroup, members: boolean, status = 200) =>
    resources.answer(reply, await located(group, await membersNamed(db, [group]), members), status);

  /** The group of a verified id, or 404 (deleted). */
  const found = async (tx: Executor, groupId: string, id: string, members = true) => {
    const group = await directoryGroups.find(tx, groupId, members);
    if (group === undefined) {
      throw resources.notFound(id);
    }
    return group;
  };
  /** The group, locked for the rest of the transaction, or 404. */
  const locked = async (tx: Executor, groupId: string, id: string) => {
    if (!(await directoryGroups.lock(tx, groupId))) {
      throw resources.notFound(id);
    }
  };

  /** The users SCIM ids name; one that names no user the directory has (forged, deleted) is 400 invalidValue. */
  const membersOf = async (tx: Executor, ids: readonly string[]): Promise<string[]> => {
    const unique = [...new Set(ids)];
    const userIds = await Promise.all(unique.map(users.rowIdOrUndefined));
    const present = new Set(
      (await directoryUsers.present(tx, userIds.filter(defined))).map((user) => user.id),
    );
    const unknown = unique.filter((_id, index) => !present.has(userIds[index] ?? ''));
    if (unknown.length > 0) {
      const named = unknown.slice(0, NAMED_UNKNOWN).join(', ');
      const more = unknown.length > NAMED_UNKNOWN ? ` and ${unknown.length - NAMED_UNKNOWN} more` : '';
      throw scimError(400, `No such user to be a member: ${named}${more}`, 'invalidValue');
    }
    return userIds.filter(defined);
  };

  /** One change of the members; removing a user who is not a member (or no user at all) changes nothing. */
  const changeMembers = async (tx: Executor, groupId: string, change: MemberChange) => {
    switch (change.op) {
      case 'add':
        return directoryGroups.addMembers(tx, groupId, await membersOf(tx, change.ids));
      case 'replace':
        return directoryGroups.replaceMembers(tx, groupId, await membersOf(tx, change.ids));
      case 'remove': {
        const userIds =
          change.ids === undefined
            ? undefined
            : (await Promise.all(change.ids.map(users.rowIdOrUndefined))).filter(defined);
        return directoryGroups.removeMembers(tx, groupId, userIds);
      }
    }
  };

  groups.get<Query>('/', async (request, reply) => {
    const { filter, startIndex, count } = request.query;
    const query = equalityQuery(filter, GROUP_FILTERS);
    const page = pageOf(startIndex, count);
    const members = withMembers(request.query);
    const listed = await directoryGroups.list(db, query, page, members);
    const named = await membersNamed(db, listed.groups);
    const found = await Promise.all(listed.groups.map((group) => located(group, named, members)));
    return listAnswer(
      reply,
      { total: listed.total, startIndex: page.startIndex, resources: found },
      SCIMMY.Messages.ListResponse.id,
    );
  });

  groups.post('/', async (request, reply) => {
    const input = groupInputOf(resourceOfBody(request.body, SCIMMY.Schemas.Group));
    const group = await resources.change(request, 'directory provisioning', async (tx) => {
      const groupId = await directoryGroups.create(tx, input);
      await directoryGroups.addMembers(tx, groupId, await membersOf(tx, input.members));
      return found(tx, groupId, groupId);
    });
    return answer(reply, group, true, 201);
  });

  groups.get<IdParams & Query>('/:id', async (request, reply) => {
    const members = withMembers(request.query);
    const group = await found(db, await resources.rowIdOf(request.params.id), request.params.id, members);
    return answer(reply, group, members);
  });

  groups.put<IdParams & Query>('/:id', async (request, reply) => {
    const { id } = request.params;
    const groupId = await resources.rowIdOf(id);
    const input = groupInputOf(resourceOfBody(request.body, SCIMMY.Schemas.Group));
    const group = await resources.change(request, 'directory update', async (tx) => {
      await locked(tx, groupId, id);
      await directoryGroups.update(tx, groupId, input);
      await directoryGroups.replaceMembers(tx, groupId, await membersOf(tx, input.members));
      return found(tx, groupId, id);
    });
    const members = withMembers(request.query);
    return answer(reply, group, members);
  });

  groups.patch<IdParams & Query>('/:id', async (request, reply) => {
    const { id } = request.params;
    const groupId = await resources.rowIdOf(id);
    const patch = groupPatchOf(request.body);
    const members = withMembers(request.query);
    const group = await resources.change(request, 'directory update', async (tx) => {
      await locked(tx, groupId, id);
      for (const change of patch.members) {
        await changeMembers(tx, groupId, change);
      }
      if (patch.name !== undefined || patch.externalId !== undefined) {
        const before = await found(tx, groupId, id, false);
        await directoryGroups.update(tx, groupId, {
          name: patch.name ?? before.name,
          externalId: patch.externalId === undefined ? before.externalId : patch.externalId,
        });
      }
      return found(tx, groupId, id, members);
    });
    return answer(reply, group, members);
  });

  groups.delete<IdParams>('/:id', async (request, reply) => {
    const { id } = request.params;
    const groupId = await resources.rowIdOf(id);
    await resources.change(request, 'directory deletion', async (tx) => {
      if (!(await directoryGroups.delete(tx, groupId))) {
        throw resources.notFound(id);
      }
    });
    return reply.code(204).send();
  });
};
