import SCIMMY from 'scimmy';
import { expect } from 'vitest';

/*
 * A directory's calls to /scim/v2 over HTTP, each answer checked the way a directory reads it: always
 * application/scim+json, and its body valid by SCIMMY's schema classes (a library the server's code does not
 * check itself with): a User re-read by the User schema is unchanged, a list is a ListResponse whose every
 * resource is a User, an error is an RFC 7644 error whose status and scimType go together.
 */

export const SCIM_TOKEN = 'scim-test-token-0123456789abcdefghijkl';

export type ScimAnswer = { status: number; body: Record<string, unknown>; headers: Headers };

export type ScimCall = {
  method?: string;
  path: string;
  body?: unknown;
  /** A body sent as it is (malformed JSON). */
  raw?: string;
  token?: string | null;
  contentType?: string;
};

type ErrorArguments = SCIMMY.Messages.ErrorResponse.CauseDetails;

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A User resource as SCIMMY's User schema reads it back: nothing added, dropped or of the wrong type. */
export function expectUser(resource: unknown): void {
  const reread = JSON.parse(
    JSON.stringify(new SCIMMY.Schemas.User(resource as Record<string, unknown>, 'out')),
  );
  expect(reread).toEqual(resource);
  expect((resource as { schemas: string[] }).schemas).toEqual([USER]);
}

/** A Group resource as SCIMMY's Group schema reads it back: nothing added, dropped or of the wrong type. */
export function expectGroup(resource: unknown): void {
  const reread = JSON.parse(
    JSON.stringify(new SCIMMY.Schemas.Group(resource as Record<string, unknown>, 'out')),
  );
  expect(reread).toEqual(resource);
  expect((resource as { schemas: string[] }).schemas).toEqual([GROUP]);
}

/** The body of an answer, checked against the SCIM schema it claims. */
function expectConforming(body: Record<string, unknown>, status: number): void {
  const schemas = body.schemas as string[];
  if (status >= 400) {
    expect(schemas).toEqual([ERROR]);
    const { scimType, detail } = body as { scimType?: string; detail?: string };
    // SCIMMY's ErrorResponse refuses a status it does not know or a scimType the status does not allow.
    const message = new SCIMMY.Messages.ErrorResponse({
      status: status as ErrorArguments['status'],
      ...(scimType ? { scimType } : {}),
      detail,
    } as ErrorArguments);
    expect(JSON.parse(JSON.stringify(message))).toEqual(body);
  } else if (schemas.includes(SCIMMY.Messages.ListResponse.id)) {
    const list = new SCIMMY.Messages.ListResponse(body as unknown as SCIMMY.Messages.ListResponse);
    expect(list.totalResults).toBe(body.totalResults);
    for (const resource of body.Resources as Record<string, unknown>[]) {
      expectConforming(resource, status);
    }
  } else if (schemas.includes(USER)) {
    expectUser(body);
  } else if (schemas.includes(GROUP)) {
    expectGroup(body);
  } else if (schemas.includes(SCIMMY.Schemas.ServiceProviderConfig.id)) {
    const { location } = body.meta as { location: string };
    expect(JSON.parse(JSON.stringify(new SCIMMY.Schemas.ServiceProviderConfig(body, location)))).toEqual(
      body,
    );
  } else if (schemas.includes(SCIMMY.Schemas.ResourceType.id)) {
    const base = (body.meta as { location: string }).location.replace(/\/[^/]+$/, '');
    expect(JSON.parse(JSON.stringify(new SCIMMY.Schemas.ResourceType(body, base)))).toEqual(body);
  }
}

/** A SCIM client of the server at `url` (the SCIM token unless `token` says otherwise). */
export function scimClient(url: string) {
  return async (call: ScimCall): Promise<ScimAnswer> => {
    const token = call.token === undefined ? SCIM_TOKEN : call.token;
    const payload = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    const response = await fetch(`${url}/scim/v2${call.path}`, {
      method: call.method ?? 'GET',
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(payload === undefined ? {} : { 'content-type': call.contentType ?? 'application/scim+json' }),
      },
      ...(payload === undefined ? {} : { body: payload }),
    });
    const text = await response.text();
    if (response.status === 204) {
      expect(text).toBe('');
      return { status: 204, body: {}, headers: response.headers };
    }
    expect(response.headers.get('content-type')).toBe('application/scim+json; charset=utf-8');
    const body = JSON.parse(text) as Record<string, unknown>;
    expectConforming(body, response.status);
    return { status: response.status, body, headers: response.headers };
  };
}

/** A User resource for a POST or PUT. */
export const userBody = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName: email,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
  ...extra,
});

/** A Group resource for a POST or PUT, its members by their SCIM ids. */
export const groupBody = (
  displayName: string,
  members: string[] = [],
  extra: Record<string, unknown> = {},
) => ({
  schemas: [GROUP],
  displayName,
  members: members.map((value) => ({ value })),
  ...extra,
});

export const patchBody = (...operations: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: operations,
});
