import type { LocalDate, ReservationType } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { BusinessError, ConflictError, EntityNotFoundError, ValidationError } from '../../platform/errors.ts';
import type { AnyJobRequest } from '../../platform/jobs/job-types.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { type CreateReservationInput, createReservationIn } from './create-reservation.ts';
import { loadRuleContext } from './rule-environment.ts';
import { slotOfferOf } from './rules/index.ts';
import { conflictOf } from './savepoint.ts';
import { freeSlotIds } from './slot-queries.ts';

/** The conflicts after which the next free slot is tried: this one is somebody else's after all. */
const SLOT_TAKEN: ReadonlySet<ConflictError['code']> = new Set([
  'SLOT_ALREADY_RESERVED',
  'ASSIGNED_SLOT_TAKEN_BACK',
]);

/**
 * A request for a reservation kept as a row until a slot is found for it (a waitlist entry; the fair draw's
 * requests will be too): whose, what, when, and what the reservation asks of its mails once made.
 */
export type ReservationRequest = {
  userId: string;
  email: string;
  carId: string | null;
  guestName: string | null;
  guestEmail: string | null;
  guestLicensePlate: string | null;
  date: LocalDate;
  startTime: string;
  endTime: string;
  start: Date;
  end: Date;
  type: ReservationType;
  sendNotification: boolean;
  reminderBefore: string | null;
  notifyDoorman: boolean;
  createdBy: string | null;
  /** A LONG request's series, which the reservation of each of its days joins (none: a series of its own). */
  seriesId?: string | null;
};

/**
 * Where a request may be served: the free slots of one garage, or (null) of any the owner may reserve in; or
 * only the one slot `slotId` (a draw's winner, on the slot the draw gave it).
 */
export type RequestSlot = { garageId: string | null; slotId?: string };

/**
 * What the created reservation's mails are told: when, the one mail that confirms it, and the limits its mails
 * to others (guest, doormen) are held to, spending its owner's budget.
 */
export type Serving = {
  now: Date;
  confirmation: (reservationId: string) => AnyJobRequest;
  mailLimits: MailLimits;
};

/**
 * What serving a request does after a create attempt on one free slot failed: a slot a concurrent create took
 * first → try the next free slot; a refusal of the rules or an overlap of the owner's own → the request is not
 * served now (it keeps waiting for a later freed slot); anything else is the caller's failure.
 */
export const afterFailedAttempt = (error: unknown): 'next slot' | 'keep waiting' | 'fail' => {
  if (error instanceof ConflictError) {
    return SLOT_TAKEN.has(error.code) ? 'next slot' : 'keep waiting';
  }
  // Migration 0050's trigger: the assigned slot's owner took the day back meanwhile.
  if (conflictOf(error) === 'ASSIGNED_SLOT_TAKEN_BACK') {
    return 'next slot';
  }
  if (
    error instanceof BusinessError ||
    error instanceof ValidationError ||
    error instanceof EntityNotFoundError
  ) {
    return 'keep waiting';
  }
  return 'fail';
};

/** The create that serves the request on the slot. */
export const createOf = (
  request: ReservationRequest,
  slotId: string,
  serving: Serving,
): CreateReservationInput => ({
  panel: 'user',
  // The owner reserves for themself, as a user: every rule of their own create applies.
  scope: { userId: request.userId, email: request.email, isAdministrator: false, isDoorman: false },
  input: {
    reservationType: request.type,
    date: request.date,
    // A request is one day; a LONG one is one day of its series.
    ...(request.type === 'LONG' ? { endDate: request.date } : {}),
    startTime: request.startTime,
    endTime: request.endTime,
    guestName: request.guestName,
    guestEmail: request.guestEmail,
    guestLicensePlate: request.guestLicensePlate,
    sendNotification: request.sendNotification,
    reminderBeforeReservation: request.reminderBefore,
    instantNotificateTheDoorman: request.notifyDoorman,
    // The request was made under the same rule: a holiday day was confirmed then, or there was none.
    confirmHoliday: true,
  } as CreateReservationInput['input'],
  userId: request.userId,
  carId: request.carId,
  slotId,
  now: serving.now,
  budget: { limits: serving.mailLimits, userId: request.userId },
  answer: () => sql`NULL`,
  confirmation: serving.confirmation,
  createdBy: request.createdBy ?? request.email,
  ...(request.seriesId == null ? {} : { seriesId: request.seriesId }),
});

type Attempt = { created: string } | 'slot taken' | 'refused';

/**
 * One create for the request on the slot, behind a savepoint, so a refusal leaves the caller's transaction
 * (and its locks) as it was.
 */
async function attempt(
  db: Kysely<DB>,
  request: ReservationRequest,
  slotId: string,
  serving: Serving,
): Promise<Attempt> {
  await sql`SAVEPOINT serve_request`.execute(db);
  try {
    const created = await createReservationIn(db, createOf(request, slotId, serving));
    await sql`RELEASE SAVEPOINT serve_request`.execute(db);
    const [id] = created.ids;
    return id === undefined ? 'refused' : { created: id };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT serve_request`.execute(db);
    switch (afterFailedAttempt(error)) {
      case 'next slot':
        return 'slot taken';
      case 'keep waiting':
        return 'refused';
      case 'fail':
        throw error;
    }
  }
}

/** Free slots are looked at a few at a time, in slot order. */
const SLOTS_PER_LOOK = 4;

/**
 * The request's reservation on the first free slot in `slot` that takes it (or on its one slot, if it names
 * one: taken by another, the request is not served), created in the caller's
 * transaction under every rule of the owner's own create; a slot lost to a concurrent create is followed by
 * the next one. Null when a rule refuses (quota, working day, noon rule, an own overlapping reservation) or
 * no slot is free.
 */
export async function serveRequest(
  transaction: Kysely<DB>,
  request: ReservationRequest,
  slot: RequestSlot,
  serving: Serving,
): Promise<{ created: string } | null> {
  if (slot.slotId !== undefined) {
    const outcome = await attempt(transaction, request, slot.slotId, serving);
    return typeof outcome === 'string' ? null : outcome;
  }
  const owner = createOf(request, '', serving).scope;
  const context = await loadRuleContext(transaction, owner, serving.now);
  const scope = {
    userId: request.userId,
    actorIsAdministrator: false,
    garageId: slot.garageId,
    interval: { start: request.start, end: request.end },
    // Only the slots the request may take (a pool, an accessible slot, a charger), so that one it may not
    // does not stop the search.
    offer: slotOfferOf(
      {
        userId: sql`${request.userId}::bigint`,
        carId: sql`${request.type === 'GUEST' ? null : request.carId}::bigint`,
      },
      [{ date: request.date, start: request.start, end: request.end }],
      context,
    ),
  };
  let after: string | null = null;
  for (;;) {
    const slots = await freeSlotIds(transaction, scope, SLOTS_PER_LOOK, after);
    for (const slotId of slots) {
      const outcome = await attempt(transaction, request, slotId, serving);
      if (outcome !== 'slot taken') {
        return outcome === 'refused' ? null : outcome;
      }
      after = slotId;
    }
    if (slots.length < SLOTS_PER_LOOK) {
      return null;
    }
  }
}
