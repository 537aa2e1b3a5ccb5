import { sql } from 'kysely';
import { doormanGarages, TRUE_PREDICATE, usersForInput } from '../../engine/policy.ts';
import { fileObject, ref, type Sql, type VirtualSource } from '../../engine/source.ts';
import { holidayDraft, holidayReservationsRange } from '../holidays/holiday-reservations.ts';
import { freeSlotDraft, freeSlotRange } from './free-slots.ts';
import { isEffectivelyActiveSql } from './rules/index.ts';
import { today } from './source.ts';

/*
 * Panels are per-actor views without a table of their own: their instance is the actor, their relations
 * select from the stored entities. Input forms have no instance at all; only their ranges read data.
 */

const mine = (scope: { userId: string }) => scope.userId;
const ownedBy = (column: string) => (owner: Sql, alias: string) => sql`${ref(alias, column)} = ${owner}`;

/*
 * The configured palm of the holiday cards, read as a file attribute of the actor's own panel: the token the
 * engine mints is the reader's, so the download answers them without their reading the (administrators')
 * configuration. Both panels that show holiday cards carry it.
 */
const holidayImage = () => fileObject(sql`(SELECT c.holiday_image_id FROM configuration c WHERE c.id = 1)`);

export const holidayPanelSource: VirtualSource = {
  kind: 'virtual',
  type: 'HolidayPanel',
  instanceId: mine,
  attributes: { holidayImage },
  relations: { holidays: { link: ownedBy('user_id') } },
};

export const userReservationPanelSource: VirtualSource = {
  kind: 'virtual',
  type: 'UserReservationPanel',
  instanceId: mine,
  attributes: { holidayImage },
  relations: {
    activeReservations: {
      link: (owner, alias, scope) =>
        sql`(${ownedBy('owner_id')(owner, alias)} AND ${isEffectivelyActiveSql(alias, scope.now)})`,
    },
    previousReservation: {
      link: (owner, alias, scope) =>
        sql`(${ownedBy('owner_id')(owner, alias)} AND NOT ${isEffectivelyActiveSql(alias, scope.now)})`,
    },
    holidays: {
      link: (owner, alias, scope) =>
        sql`(${ownedBy('user_id')(owner, alias)} AND ${ref(alias, 'end_date')} >= ${today(scope.now)})`,
    },
  },
};

export const reservationsPanelSource: VirtualSource = {
  kind: 'virtual',
  type: 'ReservationsPanel',
  instanceId: mine,
  attributes: {},
  relations: {
    todayReservations: {
      link: (_owner, alias, scope) => sql`${ref(alias, 'date')} = ${today(scope.now)}`,
    },
    futureReservations: {
      link: (_owner, alias, scope) => sql`${ref(alias, 'date')} > ${today(scope.now)}`,
    },
    previousReservations: {
      link: (_owner, alias, scope) => sql`${ref(alias, 'date')} < ${today(scope.now)}`,
    },
  },
};

const slotGarage = (alias: string) =>
  sql`(SELECT s.parking_garage_id FROM parking_slots s WHERE s.id = ${ref(alias, 'parking_slot_id')})`;

export const doormanArrivalsSource: VirtualSource = {
  kind: 'virtual',
  type: 'DoormanArrivals',
  instanceId: mine,
  attributes: { date: (_alias, scope) => today(scope.now) },
  relations: {
    arrivals: {
      // Guests first: the doorman has to let them in (DESIGN §1).
      defaultOrder: [
        { attribute: 'isGuest', descending: true },
        { attribute: 'startTime', descending: false },
      ],
      link: (_owner, alias, scope) =>
        sql`(${ref(alias, 'date')} = ${today(scope.now)} AND ${isEffectivelyActiveSql(alias, scope.now)}
          AND ${scope.isAdministrator ? TRUE_PREDICATE : doormanGarages(slotGarage(alias), scope)})`,
    },
    garages: {
      link: (_owner, alias, scope) =>
        scope.isAdministrator ? TRUE_PREDICATE : doormanGarages(ref(alias, 'id'), scope),
    },
  },
};

/** The user a form is filled in for: the one an administrator picked in the draft, else the actor. */
const formUser = (
  draft: Readonly<Record<string, string>>,
  scope: { userId: string; isAdministrator: boolean },
): Sql => sql`${scope.isAdministrator ? (draft.user ?? scope.userId) : scope.userId}`;

export const reservationInputSource: VirtualSource = {
  kind: 'virtual',
  type: 'ReservationInput',
  instanceId: null,
  attributes: {},
  relations: {
    user: { link: () => sql`FALSE`, range: (_owner, alias, scope) => usersForInput(alias, scope) },
    car: {
      link: () => sql`FALSE`,
      range: (_owner, alias, scope, draft) =>
        sql`(${ref(alias, 'user_id')} = ${formUser(draft, scope)} AND NOT ${ref(alias, 'is_archived')})`,
    },
    parkingSlot: {
      link: () => sql`FALSE`,
      // Exactly the free slots for the draft's date, times and type (DESIGN §4).
      prepareDraft: freeSlotDraft,
      range: (_owner, alias, scope, draft, values) =>
        freeSlotRange(alias, formUser(draft, scope), scope, values),
    },
  },
};

export const holidayInputSource: VirtualSource = {
  kind: 'virtual',
  type: 'HolidayInput',
  instanceId: null,
  attributes: {},
  relations: {
    user: { link: () => sql`FALSE`, range: (_owner, alias, scope) => usersForInput(alias, scope) },
    reservationsForDeleteInfo: {
      link: () => sql`FALSE`,
      // Exactly what saving the draft deletes (queryReservationsForHoliday's list), by date.
      prepareDraft: holidayDraft,
      range: (_owner, alias, scope, draft, values) =>
        holidayReservationsRange(alias, formUser(draft, scope), values),
      defaultOrder: [
        { attribute: 'date', descending: false },
        { attribute: 'startTime', descending: false },
      ],
    },
  },
};

export const doormanInputSource: VirtualSource = {
  kind: 'virtual',
  type: 'DoormanInput',
  instanceId: null,
  attributes: {},
  relations: { accessedGarages: { link: () => sql`FALSE`, range: () => TRUE_PREDICATE } },
};

const inputForm = (type: VirtualSource['type']): VirtualSource => ({
  kind: 'virtual',
  type,
  instanceId: null,
  attributes: {},
  relations: {},
});

export const createCarInputSource = inputForm('CreateCarInput');
export const modificateReservationInputSource = inputForm('ModificateReservationInput');
export const queryReservationsForHolidayResultSource: VirtualSource = {
  ...inputForm('QueryReservationsForHolidayResult'),
  relations: { reservations: { link: () => sql`FALSE` } },
};
