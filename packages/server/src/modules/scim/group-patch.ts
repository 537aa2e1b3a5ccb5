import { groupExternalIdOf, groupNameOf, memberIdsOf, SCIMMY, scimError } from './protocol.ts';

/*
 * A PATCH of a Group (RFC 7644 §3.5.2) as the directories send it, read into the changes it makes: a new
 * displayName or externalId, and the members added, removed or replaced, in order. Members are never
 * rewritten as a whole list read before the change (SCIMMY's PatchOp.apply would): each addition and removal
 * is its own statement, so two directories' PATCHes of one group both count, and a large group's PATCH of one
 * member costs one member. The shapes read:
 * - Entra ID: `{op: "Add"|"Remove", path: "members", value: [{value}]}`, `{op: "Replace", path: "displayName"}`,
 *   `{op: "Replace", path: "externalId"}`;
 * - Okta: `{op: "add", path: "members", value: [{value, display}]}`, `{op: "remove", path:
 *   "members[value eq \"…\"]"}`, `{op: "replace", value: {id, displayName}}` and `{op: "replace", path:
 *   "members", value: […]}`;
 * - RFC 7644: `remove` of `members` without a value removes them all.
 * Any other path is 400 invalidPath; a value of the wrong shape 400 invalidValue.
 */

/** A change of the members: `ids` are SCIM ids; a removal without ids removes every member. */
export type MemberChange =
  | { op: 'add' | 'replace'; ids: string[] }
  | { op: 'remove'; ids: string[] | undefined };

export type GroupPatch = { name?: string; externalId?: string | null; members: MemberChange[] };

type Op = 'add' | 'remove' | 'replace';

/** `members[value eq "…"]`: the one member a removal names (Okta). */
const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i;

const invalidPath = (path: string) =>
  scimError(400, `The path '${path}' is not one a Group's PATCH can change`, 'invalidPath');

function applyAttribute(patch: GroupPatch, op: Op, attribute: string, value: unknown): void {
  switch (attribute.toLowerCase()) {
    case 'displayname':
      if (op === 'remove') {
        throw scimError(400, 'displayName is required: it cannot be removed', 'invalidValue');
      }
      patch.name = groupNameOf(value);
      return;
    case 'externalid':
      patch.externalId = op === 'remove' ? null : groupExternalIdOf(value);
      return;
    case 'members':
      patch.members.push(
        op === 'remove'
          ? { op, ids: value === undefined ? undefined : memberIdsOf(value) }
          : { op, ids: memberIdsOf(value) },
      );
      return;
    default:
      throw invalidPath(attribute);
  }
}

/** What a path-less operation's value sets: its attributes (`id` and `schemas`, which Okta echoes, change nothing). */
function applyValue(patch: GroupPatch, op: Op, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || op === 'remove') {
    throw scimError(
      400,
      'An operation without a path must add or replace an object of attributes',
      'invalidValue',
    );
  }
  for (const [attribute, item] of Object.entries(value)) {
    if (!['id', 'schemas', 'meta'].includes(attribute.toLowerCase())) {
      applyAttribute(patch, op, attribute, item);
    }
  }
}

/** The changes of a PatchOp message; its envelope checked by SCIMMY (schemas, operations, each op's value). */
export function groupPatchOf(body: unknown): GroupPatch {
  const message = new SCIMMY.Messages.PatchOp(
    body as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0],
  );
  const patch: GroupPatch = { members: [] };
  for (const operation of message.Operations) {
    const op = operation.op.toLowerCase() as Op;
    const { path, value } = operation as { path?: unknown; value?: unknown };
    if (path === undefined) {
      applyValue(patch, op, value);
      continue;
    }
    if (typeof path !== 'string') {
      throw scimError(400, 'A path must be text', 'invalidPath');
    }
    const member = MEMBER_FILTER.exec(path.trim());
    if (member !== null) {
      if (op !== 'remove') {
        throw invalidPath(path);
      }
      patch.members.push({ op, ids: [member[1] as string] });
      continue;
    }
    applyAttribute(patch, op, path.trim(), value);
  }
  return patch;
}
