import { randomUUID } from 'node:crypto';
import { type ReservationInput, type ReservationType, secondsOf } from '@parkhere/contract';
import type { RawBuilder } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { Origin } from '../../platform/db/actor-stamp.ts';
import type { AnyJobRequest } from '../../platform/jobs/job-types.ts';
import { ROW_ID } from '../../platform/jobs/queue.ts';
import { invalid } from '../../platform/violation.ts';
import { createdReservationJobs, type MailBudget, type OthersMails } from '../notifications/index.ts';
import { type NewReservationRow, rowKey } from './repository.ts';
import type { CreateFacts } from './reservation-facts.ts';
import {
  checkGarageAccess,
  checkHolidayConfirmed,
  checkNotInDraw,
  checkSlotOffered,
  planReservation,
  type ReservationPlan,
  type UpcomingCounts,
} from './rules/index.ts';

/*
 * What a create asks and what it would insert, without the database: the request's shape, the plan every rule
 * of a create judges (planOf), and the rows and mails a plan makes (plannedRows). create-reservation.ts reads
 * and writes around it; serve-on-slots.ts plans many requests with the same pieces.
 */

export type CreateReservationInput = {
  /** `panel`: the dashboard (self) or the administrators' reservations panel (any user). */
  panel: 'user' | 'administration';
  /** Who books, and where their request came from (the audit log's stamp). */
  scope: ActorScope & { origin?: Origin };
  input: ReservationInput & { reservationType: ReservationType };
  userId: string | null;
  carId: string | null;
  slotId: string | null;
  now?: Date;
  /** The budget the guest's and the doormen's mails spend: the acting user's. */
  budget: MailBudget;
  /** What the caller answers with, as one SQL expression over the created rows (the CTE named by `rows`). */
  answer: (rows: string) => RawBuilder<unknown>;
  /** The mail that confirms a created row (its id); the confirmation by default. */
  confirmation?: (reservationId: string) => AnyJobRequest;
  /** Stored as created_by; the actor's email by default. */
  createdBy?: string;
  /**
   * The series the created rows join: a weekly pattern's days (create-pattern.ts, each day a create of its
   * own), or for LONG one other than a new one. A fair draw's LONG request is drawn a day at a time, each day
   * at its own cut-off in a transaction of its own, so the days it wins are created days apart: the series id the request stored when it was made is what makes them one series, counted once
   * toward the LONG quota as the pending request was (so the quota counts the owner's series but this one).
   */
  seriesId?: string;
};

const blankToNull = (value: string | null | undefined): string | null =>
  value == null || value.trim() === '' ? null : value.trim();

/** What planning reads of a request: who asks, for whom, with which car and slot, and what is asked. */
export type PlannedRequest = Pick<
  CreateReservationInput,
  'scope' | 'input' | 'userId' | 'carId' | 'slotId' | 'now' | 'seriesId'
>;

/** What the guest's and the doormen's mails spent of the budget, for their jobs to give back if unsent. */
const chargesOf = ({ guest, doormen }: OthersMails) => ({
  ...(guest.allowed && guest.charge !== undefined ? { guest: guest.charge } : {}),
  ...(doormen.allowed && doormen.charge !== undefined ? { doormen: doormen.charge } : {}),
});

/** The guest's address and the doormen's notice a GUEST reservation asks its mails to reach. */
export const othersWanted = (input: CreateReservationInput['input']) =>
  input.reservationType === 'GUEST'
    ? { guestEmail: blankToNull(input.guestEmail), notifyDoorman: input.instantNotificateTheDoorman === true }
    : { guestEmail: null, notifyDoorman: false };

/** The reservation's car: none for a GUEST reservation, which names its guest's plate. */
export const carOf = (request: PlannedRequest): string | null =>
  request.input.reservationType === 'GUEST' ? null : request.carId;

/** Whether the create mails anyone but the owner (a GUEST reservation's guest or doormen). */
export const mailsOthers = (request: CreateReservationInput): boolean => {
  const wanted = othersWanted(request.input);
  return wanted.guestEmail !== null || wanted.notifyDoorman;
};

export const planOf = (
  request: PlannedRequest,
  facts: CreateFacts,
  upcoming: UpcomingCounts,
  drawRequest = false,
): ReservationPlan => {
  const { input } = request;
  const plan = planReservation(
    {
      type: input.reservationType,
      date: input.date ?? '',
      endDate: input.endDate ?? null,
      startTime: input.startTime ?? '',
      endTime: input.endTime ?? '',
      owner: facts.owner,
      car: facts.car,
      slot: facts.slot,
      guestName: input.guestName ?? null,
      guestEmail: input.guestEmail ?? null,
      guestLicensePlate: input.guestLicensePlate ?? null,
    },
    { ...facts.context, upcoming },
  );
  // A weekly pattern's fields belong to repeatReservation (create-pattern.ts), which books each day without them.
  if (blankToNull(input.repeatWeekdays) !== null || input.repeatUntil != null) {
    return {
      violations: [...plan.violations, invalid('repeatWeekdays', 'REPEAT_NOT_ALLOWED')],
      intervals: [],
    };
  }
  // Beside the rest: another user's identifier still answers 404 first (toDomainError orders them).
  const noGarage = checkGarageAccess(facts.owner !== null, facts.ownerHasGarage, facts.context.actor);
  if (noGarage.length > 0) {
    return { violations: [...plan.violations, ...noGarage], intervals: [] };
  }
  const dates = plan.intervals.map((interval) => interval.date);
  const inDraw =
    plan.violations.length === 0 && !drawRequest
      ? checkNotInDraw(input.reservationType, dates, facts.slot?.draw, facts.context)
      : [];
  if (inDraw.length > 0) {
    return { violations: inDraw, intervals: [] };
  }
  // Who may take the slot on those days (a group's pool, an accessible slot, a charger).
  const offered =
    plan.violations.length === 0 && facts.owner !== null
      ? checkSlotOffered(
          facts.slot,
          facts.owner,
          input.reservationType === 'GUEST' ? null : facts.car,
          plan.intervals,
          facts.context,
        )
      : [];
  if (offered.length > 0) {
    return { violations: offered, intervals: [] };
  }
  // Asked last: what else is wrong with the request is said first, and a confirmed holiday changes nothing.
  const onHoliday =
    plan.violations.length === 0
      ? checkHolidayConfirmed(dates, facts.ownerHolidays, input.confirmHoliday === true)
      : [];
  return onHoliday.length === 0 ? plan : { violations: onHoliday, intervals: [] };
};

/**
 * The rows a plan inserts (one a day) and each row's mails under its `rowKey`: what one create's statement
 * inserts, and what serveOnSlots inserts for many at once.
 */
export function plannedRows(
  request: CreateReservationInput,
  facts: CreateFacts,
  plan: ReservationPlan,
  now: Date,
  others: OthersMails,
): { rows: NewReservationRow[]; jobsByRow: Record<string, AnyJobRequest[]> } {
  const { input, scope } = request;
  const { owner, car } = facts;
  const slotId = request.slotId;
  if (owner === null || slotId === null) {
    return { rows: [], jobsByRow: {} };
  }
  const type = input.reservationType;
  const isGuest = type === 'GUEST';
  const notifyDoorman = isGuest && input.instantNotificateTheDoorman === true;
  const sendNotification = input.sendNotification ?? true;
  const reminderBefore = input.reminderBeforeReservation ?? '00:15:00';
  // A LONG booking's days, and a weekly pattern's (create-pattern.ts), share a series.
  const seriesId = request.seriesId ?? (type === 'LONG' ? randomUUID() : null);
  const rows = plan.intervals.map((interval) => ({
    owner_id: owner.id,
    parking_slot_id: slotId,
    car_id: isGuest ? null : request.carId,
    car_license_plate: isGuest ? null : (car?.licensePlate ?? null),
    guest_name: isGuest ? blankToNull(input.guestName) : null,
    guest_email: isGuest ? blankToNull(input.guestEmail) : null,
    guest_license_plate: isGuest ? (blankToNull(input.guestLicensePlate)?.toUpperCase() ?? null) : null,
    date: interval.date,
    start: interval.start.toISOString(),
    end: interval.end.toISOString(),
    start_time: input.startTime,
    end_time: input.endTime,
    reservation_type: type,
    send_notification: sendNotification,
    reminder_before: reminderBefore,
    notify_doorman: notifyDoorman,
    series_id: seriesId,
    created_by: request.createdBy ?? scope.email,
  }));
  // The mails of each row; its id is only known in the statement.
  const jobsByRow: Record<string, AnyJobRequest[]> = {};
  for (const interval of plan.intervals) {
    jobsByRow[rowKey(slotId, interval.start)] = createdReservationJobs(
      {
        id: ROW_ID,
        startsAt: interval.start,
        remindAt: new Date(interval.start.getTime() - secondsOf(reminderBefore) * 1000),
        sendNotification,
        active: true,
        notifyDoorman: notifyDoorman && others.doormen.allowed,
        isGuest: isGuest && others.guest.allowed,
        charges: chargesOf(others),
      },
      now,
      request.confirmation,
    );
  }
  return { rows, jobsByRow };
}
