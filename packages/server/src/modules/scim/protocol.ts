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
for (const resource of [
  SCIMMY.Resources.User,
  SCIMMY.Resources.ResourceType,
  SCIMMY.Resources.Schema,
  SCIMMY.Resources.ServiceProviderConfig,
]) {
  resource.basepath(SCIM_PATH);
}

export type ScimUser = SCIMMY.Schemas.User;

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
/** The users' longest email, name (as the administrators' form) and externalId. */
const MAX_LENGTH = 255;

const bounded = (attribute: string, value: string) => {
  if (value.length > MAX_LENGTH) {
    throw scimError(400, `${attribute} is longer than ${MAX_LENGTH} characters`, 'invalidValue');
  }
  return value;
};

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
    externalId: bounded('externalId', resource.externalId?.trim() ?? '') || null,
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
