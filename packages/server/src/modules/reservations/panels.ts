import { sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import { actorInstance, backLink, inputForm, ref, type VirtualSource } from '../../engine/source.ts';
import { configuredHolidayImage } from '../configuration/index.ts';
import { garagesUserMayReserveIn } from '../garages/index.ts';
import { formUser, usersForInput } from '../users/index.ts';
import { freeSlotDraft, freeSlotRange } from './free-slots.ts';
import { isEffectivelyActiveSql } from './rules/index.ts';
import { today } from './source.ts';

/*
 * Panels are per-actor views without a table of their own: their instance is the actor, their relations
 * select from the stored entities. Input forms have no instance at all; only their ranges read data.
 */

export const userReservationPanelSource: VirtualSource = {
  kind: 'virtual',
  type: 'UserReservationPanel',
  instanceId: actorInstance,
  attributes: { holidayImage: configuredHolidayImage },
  relations: {
    activeReservations: {
      link: (owner, alias, scope) =>
        sql`(${backLink('owner_id')(owner, alias)} AND ${isEffectivelyActiveSql(alias, scope.now)})`,
    },
    // What was due before now and is over: ended, cancelled, released as a no-show, or deleted on a past
    // day. A future day the user deleted is gone, not "previous": it would sort above the real past ones.
    previousReservation: {
      link: (owner, alias, scope) =>
        sql`(${backLink('owner_id')(owner, alias)} AND NOT ${isEffectivelyActiveSql(alias, scope.now)}
          AND lower(${ref(alias, 'during')}) <= ${instant(scope.now)})`,
      defaultOrder: [
        { attribute: 'date', descending: true },
        { attribute: 'startTime', descending: true },
      ],
    },
    holidays: {
      link: (owner, alias, scope) =>
        sql`(${backLink('user_id')(owner, alias)} AND ${ref(alias, 'end_date')} >= ${today(scope.now)})`,
    },
    waitlist: {
      link: (owner, alias, scope) =>
        sql`(${backLink('user_id')(owner, alias)} AND ${ref(alias, 'waitlist_status')} = 'WAITING'
          AND lower(${ref(alias, 'during')}) > ${instant(scope.now)})`,
    },
    // Every request of the fair draw, the latest day first (DrawRequest's order).
    drawRequests: { link: backLink('user_id') },
  },
};

export const reservationsPanelSource: VirtualSource = {
  kind: 'virtual',
  type: 'ReservationsPanel',
  instanceId: actorInstance,
  attributes: {
    // Counted as migration 0052's trigger picks the rows a time zone change moves.
    upcomingReservationCount: (_alias, scope) => sql`(SELECT count(*)::integer FROM reservations r
      WHERE r.reservation_status = 'ACTIVE' AND lower(r.during) > ${instant(scope.now)})`,
  },
  relations: {
    // Today's and the future's lists are what is still held: a deleted reservation holds nothing, so it is
    // not mixed in among them (a past day's deleted ones stay in the previous list, as the record of that day).
    todayReservations: {
      link: (_owner, alias, scope) =>
        sql`(${ref(alias, 'date')} = ${today(scope.now)} AND ${ref(alias, 'reservation_status')} <> 'DELETED')`,
    },
    futureReservations: {
      link: (_owner, alias, scope) =>
        sql`(${ref(alias, 'date')} > ${today(scope.now)} AND ${ref(alias, 'reservation_status')} <> 'DELETED')`,
    },
    previousReservations: {
      link: (_owner, alias, scope) => sql`${ref(alias, 'date')} < ${today(scope.now)}`,
    },
    waitlist: { link: () => sql`TRUE` },
    draws: { link: () => sql`TRUE` },
  },
};

export const reservationInputSource = inputForm('ReservationInput', {
  user: { range: (_owner, alias, scope) => usersForInput(alias, scope) },
  car: {
    range: (_owner, alias, scope, draft) =>
      sql`(${ref(alias, 'user_id')} = ${formUser(draft, scope)} AND NOT ${ref(alias, 'is_archived')})`,
  },
  parkingSlot: {
    // Exactly the free slots for the draft's date, times and type (DESIGN §4).
    prepareDraft: freeSlotDraft,
    range: (_owner, alias, scope, draft, values) =>
      freeSlotRange(
        alias,
        // A GUEST reservation names its guest's plate, not a car of ours.
        {
          userId: formUser(draft, scope),
          carId: sql`${draft.reservationType === 'GUEST' ? null : (draft.car ?? null)}::bigint`,
        },
        scope,
        values,
      ),
  },
  // The garages the form's user may wait for a slot in.
  parkingGarage: {
    range: (_owner, alias, scope, draft) => garagesUserMayReserveIn(alias, formUser(draft, scope)),
  },
});

export const modificateReservationInputSource = inputForm('ModificateReservationInput');
