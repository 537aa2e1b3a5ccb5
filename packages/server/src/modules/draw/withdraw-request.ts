import type { Kysely } from 'kysely';
import type { ActorScope, RequestScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { EntityNotFoundError } from '../../platform/errors.ts';
import { assertNoViolation } from '../../platform/violation.ts';
import { loadRuleContext } from '../reservations/index.ts';
import { lockRequest, markWithdrawn } from './repository.ts';
import { checkWithdrawal } from './rules/requests.ts';

/**
 * DrawRequest.withdraw: the owner (or an administrator) withdraws a PENDING request until its day's cut-off
 * (422 DRAW_CUTOFF_PASSED after it; NOT_VALID_DATA once drawn or withdrawn). Another user's request is 404, no
 * hint that it exists. The row lock orders a withdrawal and the draw that takes the request at the cut-off:
 * whichever locks it second sees what the first did.
 */
export async function withdrawRequest(
  db: Kysely<DB>,
  request: { requestId: string; scope: ActorScope & Pick<RequestScope, 'recall'>; now: Date },
): Promise<{ id: string }> {
  const { scope, now } = request;
  const found = await lockRequest(db, request.requestId);
  if (found === undefined || (!scope.isAdministrator && found.userId !== scope.userId)) {
    throw new EntityNotFoundError();
  }
  const context = await loadRuleContext(db, scope, now);
  assertNoViolation(checkWithdrawal(found, context));
  await markWithdrawn(db, { requestId: request.requestId, now, by: scope.email });
  return { id: request.requestId };
}
