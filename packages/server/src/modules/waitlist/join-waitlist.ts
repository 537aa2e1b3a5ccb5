import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { BusinessError, ConflictError } from '../../platform/errors.ts';
import { assertNoViolation } from '../../platform/violation.ts';
import {
  assertOwnerStaysActive,
  checkNotInDraw,
  ownOverlappingReservation,
  planRequest,
  slotOfferOf,
  type UnbookedRequest,
} from '../reservations/index.ts';
import { waitlistJobs } from './jobs.ts';
import { promoteJob } from './promote-waitlist.ts';
import { firstFreeSlotId, insertEntry, waitScope } from './repository.ts';
import { checkWaitlistType, checkWaitScope } from './waitlist-rules.ts';

const blankToNull = (value: string | null | undefined): string | null =>
  value == null || value.trim() === '' ? null : value.trim();

/**
 * UserReservationPanel.joinWaitlist: the request of a create, minus the slot, under every rule a create obeys
 * (planRequest with any slot). Refused when it need not wait: a LONG series (422 WAITLIST_NOT_FOR_SERIES:
 * all or nothing over many days), a slot free right now in its scope (422 SLOT_AVAILABLE, naming it, so the
 * form books it instead), or an ACTIVE reservation of the owner's for an overlapping time (409
 * OVERLAPPING_RESERVATION: the promotion could never serve it). A second wait for an overlapping time is the
 * exclusion constraint's 409 ALREADY_ON_WAITLIST. A chosen garage must be one the owner may reserve in
 * (400 at parkingGarage), and without one the owner must have a garage at all. A day in the draw of a garage
 * the entry would wait in is refused as its booking is (422 DAY_IN_DRAW): it is requested, and the draw's
 * losers wait first; so is one whose cut-off passed but whose draw has not run yet (422 DAY_BEING_DRAWN).
 */
export async function joinWaitlist(
  db: Kysely<DB>,
  request: Omit<UnbookedRequest, 'slotId'>,
): Promise<{ id: string }> {
  const { input, scope, now } = request;
  assertNoViolation(checkWaitlistType(input.reservationType));
  const { facts, plan } = await planRequest(db, { ...request, slotId: null });
  const owner = facts.owner;
  // A wait no slot could ever end is refused with the create's own faults, at the garage field; read in the
  // same statement, the draws of the garages it would wait in.
  const waitIn =
    owner === null || plan.violations.length > 0
      ? undefined
      : await waitScope(db, owner.id, request.garageId);
  const scopeViolations = waitIn === undefined ? [] : checkWaitScope(request.garageId !== null, waitIn.may);
  assertNoViolation([...plan.violations, ...scopeViolations]);
  const dates = plan.intervals.map((interval) => interval.date);
  const inDraw = (waitIn?.draws ?? []).map((draw) =>
    checkNotInDraw(input.reservationType, dates, draw, facts.context),
  );
  // Said once, however many of its garages draw that day.
  assertNoViolation(inDraw.find((violations) => violations.length > 0) ?? []);
  const [interval] = plan.intervals;
  if (interval === undefined || owner === null || plan.intervals.length !== 1) {
    throw new Error('a request without violations plans one day for its owner');
  }
  const type = input.reservationType;
  const isGuest = type === 'GUEST';
  // Only a slot the request may take is one it need not wait for (a pool, an accessible slot, a charger).
  const offer = slotOfferOf(
    { userId: sql`${owner.id}::bigint`, carId: sql`${isGuest ? null : request.carId}::bigint` },
    [interval],
    facts.context,
  );
  const free = await firstFreeSlotId(db, {
    userId: owner.id,
    actorIsAdministrator: scope.isAdministrator,
    garageId: request.garageId,
    interval,
    offer,
  });
  if (free !== null) {
    throw new BusinessError('SLOT_AVAILABLE', 'A slot is free for this request', { nextFreeSlotId: free });
  }
  if (!isGuest && (await ownOverlappingReservation(db, owner.id, [interval])) !== null) {
    throw new ConflictError('OVERLAPPING_RESERVATION');
  }
  // The owner leaving meanwhile: their hooks remove waits, so none may be written after they ran.
  await assertOwnerStaysActive(db, owner.id);
  const id = await insertEntry(db, {
    userId: owner.id,
    garageId: request.garageId,
    carId: isGuest ? null : request.carId,
    guestName: isGuest ? blankToNull(input.guestName) : null,
    guestEmail: isGuest ? blankToNull(input.guestEmail) : null,
    guestLicensePlate: isGuest ? (blankToNull(input.guestLicensePlate)?.toUpperCase() ?? null) : null,
    date: interval.date,
    startTime: input.startTime ?? '',
    endTime: input.endTime ?? '',
    interval,
    type,
    sendNotification: input.sendNotification ?? true,
    reminderBefore: input.reminderBeforeReservation ?? '00:15:00',
    notifyDoorman: isGuest && input.instantNotificateTheDoorman === true,
    createdBy: scope.email,
    now,
  });
  // A slot freed between the free-slot check and this commit queued no promotion (nobody waited yet): one
  // promotion of the date after the entry commits serves it then.
  await waitlistJobs.enqueue(db, promoteJob(interval.date), now);
  return { id };
}
