import type { Row } from '../../api/model.ts';

/*
 * A new row is a draft on the page until it is saved: it has a temporary identifier of its own, never sent
 * to the server (SPEC §3), and it is not a stored row that keyset paging could move from.
 */

const DRAFT_PREFIX = 'draft:';
let draftCounter = 0;

export const isDraft = (row: Row): boolean => row.__identifier?.startsWith(DRAFT_PREFIX) === true;

export const rowIdOf = (row: Row): string => row.__identifier ?? row.__signedIdentifier ?? '';

export function newDraft(fresh: Row): Row {
  draftCounter += 1;
  return { ...fresh, __identifier: `${DRAFT_PREFIX}${draftCounter}` };
}

export function withoutDraftIdentity(row: Row): Row {
  const { __identifier: _identifier, ...rest } = row;
  return rest;
}
