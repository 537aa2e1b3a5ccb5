import { EMAIL_PATTERN } from '@parkhere/contract';
import SCIMMY from 'scimmy';
import type { DirectoryUser, DirectoryUserInput } from '../users/index.ts';

/*
 * SCIM 2.0 (RFC 7643/7644) as SCIMMY speaks it: the service provider's configuration, the resource types and
 * schemas it describes, the User schema that checks what comes in and shapes what goes out, and its errors.
 * SCIMMY's declarations are the process's own (static), the same for every server in it; what differs between
 * servers (the database, the public address) is handed to each call.
 */

export const SCIM_PATH = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** The largest page of a list: a larger `count` is served this many (RFC 7644 §3.4.2.4 lets it). */
export const MAX_COUNT = 200;

SCIMMY.Config.set({
  patch: true,
  filter: { supported: true, maxResults: MAX_COUNT },
  bulk: false,
  sort: false,
  etag: false,
  changePassword: false,
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'OAuth Bearer Token',
      description: 'The server\'s SCIM_TOKEN, sent as "Authorization: Bearer <token>".',
    },
  ],
});
SCIMMY.Resources.declare(SCIMMY.Resources.User);
SCIMMY.Resources.declare(SCIMMY.Resources.Group);
for (const resource of [
  SCIMMY.Resources.User,
  SCIMMY.Resources.Group,
  SCIMMY.Resources.ResourceType,
  SCIMMY.Resources.Schema,
  SCIMMY.Resources.ServiceProviderConfig,
]) {
  resource.basepath(SCIM_PATH);
}

export type ScimUser = SCIMMY.Schemas.User;
export type ScimGroup = SCIMMY.Schemas.Group;

/** An error as RFC 7644 §3.12 answers it. */
export const scimError = (status: number, detail: string, scimType?: string) =>
  new SCIMMY.Types.Error(status, scimType ?? '', detail);

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The SCIM error body of a status (any status: SCIMMY's own message knows only RFC 7644's table). */
export const errorBody = (status: number, detail: string, scimType?: string) => ({
  schemas: [ERROR_SCHEMA],
  status: String(status),
  ...(scimType === undefined ? {} : { scimType }),
  detail,
});

const EMAIL = new RegExp(EMAIL_PATTERN);
/** The users' longest email, name (as the administrators' form) and externalId, and a group's externalId. */
const MAX_LENGTH = 255;
/** A group's longest name (GroupSettings.name). */
const MAX_GROUP_NAME = 100;

const bounded = (attribute: string, value: string, max = MAX_LENGTH) => {
  if (value.length > max) {
    throw scimError(400, `${attribute} is longer than ${max} characters`, 'invalidValue');
  }
  return value;
};

/** A directory id as the users and groups keep it: trimmed, blank is none. */
const externalIdOf = (value: string | undefined) => bounded('externalId', value?.trim() ?? '') || null;

/** What a user resource sets, as the users module keeps it: `userName` is the email; the name is one. */
export function userInputOf(resource: ScimUser): DirectoryUserInput {
  const email = bounded('userName', resource.userName.trim());
  if (!EMAIL.test(email)) {
    throw scimError(400, "userName must be the user's email address", 'invalidValue');
  }
  const { name } = resource;
  const parts = [name?.givenName, name?.familyName].filter(
    (part) => part !== undefined && part.trim() !== '',
  );
  const names = [resource.displayName, name?.formatted, parts.length > 0 ? parts.join(' ') : undefined];
  const given = names.find((one) => one !== undefined && one.trim() !== '')?.trim();
  return {
    email,
    name: bounded('displayName', given ?? email.slice(0, email.indexOf('@'))),
    externalId: externalIdOf(resource.externalId),
    isActive: resource.active ?? true,
  };
}

/** A user as a User resource; `id` is the identifier the directory knows them by. */
export function userResource(user: DirectoryUser, id: string): ScimUser {
  return new SCIMMY.Schemas.User(
    {
      id,
      ...(user.externalId === null ? {} : { externalId: user.externalId }),
      userName: user.email,
      name: { formatted: user.name },
      displayName: user.name,
      emails: [{ value: user.email, type: 'work', primary: true }],
      active: user.isActive,
      meta: { created: user.createdAt, version: `W/"${user.version}"` },
    },
    'out',
    `${SCIM_PATH}${SCIMMY.Resources.User.endpoint}`,
  );
}

/** A request body as a resource of `Schema` (User, Group), checked by SCIMMY's schema (400 when it is none). */
export function resourceOfBody<Resource>(
  body: unknown,
  Schema: {
    new (resource: Record<string, unknown>, direction: 'in'): Resource;
    definition: { name: string };
  },
): Resource {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const name = Schema.definition.name;
    throw scimError(400, `The body must be a ${name} resource (a JSON object)`, 'invalidSyntax');
  }
  return new Schema(body as Record<string, unknown>, 'in');
}

/** What a Group resource sets: the group's name and directory id, and its members by their SCIM ids. */
export type GroupInput = { name: string; externalId: string | null; members: string[] };

/** A group's name: its displayName, trimmed, not blank (400 invalidValue otherwise). */
export function groupNameOf(displayName: unknown): string {
  const name = typeof displayName === 'string' ? displayName.trim() : '';
  if (name === '') {
    throw scimError(400, 'displayName must be a name (text, not blank)', 'invalidValue');
  }
  return bounded('displayName', name, MAX_GROUP_NAME);
}

/** A group's directory id as a PATCH sets it (text, blank or none: none). */
export function groupExternalIdOf(value: unknown): string | null {
  if (value !== undefined && value !== null && typeof value !== 'string') {
    throw scimError(400, 'externalId must be text', 'invalidValue');
  }
  return externalIdOf(value ?? undefined);
}

/**
 * The SCIM ids of a `members` value: a list of members (or one, as some directories send a single add), each
 * a user by its `value`. A member that is a group (nested groups) or has no value is 400 invalidValue.
 */
export function memberIdsOf(members: unknown): string[] {
  const list = Array.isArray(members) ? members : [members];
  return list.map((member) => {
    const { value, type } = (typeof member === 'object' && member !== null ? member : {}) as {
      value?: unknown;
      type?: unknown;
    };
    if (typeof value !== 'string' || value === '') {
      throw scimError(400, 'Each member must have the value of a User id', 'invalidValue');
    }
    if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'user')) {
      throw scimError(400, 'Only users may be members of a group', 'invalidValue');
    }
    return value;
  });
}

/** What a Group resource sets (a group created or replaced). */
export function groupInputOf(resource: ScimGroup): GroupInput {
  return {
    name: groupNameOf(resource.displayName),
    externalId: externalIdOf(resource.externalId),
    members: resource.members === undefined ? [] : memberIdsOf(resource.members),
  };
}

/** A group's member as a Group resource lists them: their SCIM id, name and User resource. */
export type GroupMember = { id: string; name: string; location: string };

/** A group as a Group resource; `id` is the identifier the directory knows it by. */
export function groupResource(
  group: { name: string; externalId: string | null; version: number; createdAt: Date },
  id: string,
  members: readonly GroupMember[] | undefined,
): ScimGroup {
  return new SCIMMY.Schemas.Group(
    {
      id,
      ...(group.externalId === null ? {} : { externalId: group.externalId }),
      displayName: group.name,
      ...(members === undefined
        ? {}
        : {
            members: members.map((member) => ({
              value: member.id,
              display: member.name,
              $ref: member.location,
              type: 'User',
            })),
          }),
      meta: { created: group.createdAt, version: `W/"${group.version}"` },
    },
    'out',
    `${SCIM_PATH}${SCIMMY.Resources.Group.endpoint}`,
  );
}

/**
 * Entra ID sends `active` as the string "True" or "False" in its PATCH operations (unless the tenant opts out);
 * the User schema wants a boolean, so those two strings are read as one. Nothing else is changed.
 */
export function patchMessageOf(body: unknown): SCIMMY.Messages.PatchOp {
  const isActive = (path: unknown) => typeof path === 'string' && path.toLowerCase() === 'active';
  const bool = (value: unknown) =>
    typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
  const operations = (body as { Operations?: unknown })?.Operations;
  const normalised = Array.isArray(operations)
    ? {
        ...(body as object),
        Operations: operations.map((operation) => {
          if (typeof operation !== 'object' || operation === null) {
            return operation;
          }
          const { path, value } = operation as { path?: unknown; value?: unknown };
          if (isActive(path)) {
            return { ...operation, value: bool(value) };
          }
          if (path === undefined && typeof value === 'object' && value !== null && 'active' in value) {
            return { ...operation, value: { ...value, active: bool(value.active) } };
          }
          return operation;
        }),
      }
    : body;
  return new SCIMMY.Messages.PatchOp(normalised as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0]);
}

export { SCIMMY };
