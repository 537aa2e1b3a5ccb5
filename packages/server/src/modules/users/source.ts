import { sql } from 'kysely';
import { adminRows, noRows, selfOnly } from '../../engine/access.ts';
import {
  ascending,
  type BeforeWrite,
  backLink,
  entitySource,
  joinLink,
  joinTableRelation,
  ownerKeyLink,
  ref,
  type Sql,
  trimmed,
} from '../../engine/source.ts';
import { assertNoViolation, business } from '../../platform/violation.ts';
import { slotsUserMayReserve } from '../garages/index.ts';
import { callersBudget } from '../notifications/index.ts';
import { usersForInput } from './access.ts';
import { createUsers, type NewUser } from './create-user.ts';
import type { Deactivate } from './deactivate-user.ts';

const byName = ascending('name');
const userFlags = ['isNormalReservation', 'isQuickReservation', 'isGuestReservation', 'isLongReservation'];

/** Only active garages count as accessed (DESIGN §3). */
const accessedGarages = (owner: Sql, alias: string) =>
  sql`(${joinLink('user_accessed_garages', 'user_id', 'parking_garage_id')(owner, alias)} AND ${ref(alias, 'is_active')})`;
const idCardGarages = joinLink('user_id_card_garages', 'user_id', 'parking_garage_id');
const preferredSlot = ownerKeyLink('users', 'preferred_parking_slot_id');
const ownSlots = (owner: Sql | null, alias: string, scope: { userId: string }) =>
  slotsUserMayReserve(alias, owner ?? sql`${scope.userId}`);
const trimmedName = trimmed('name');
/**
 * What a user's settings show that another module counts, as SQL over the user's id: the reservations
 * released as NO_SHOW ([Fair share 1]; [Fair share 2] weighs them). The composition root hands them in
 * (registry.ts), so users need not reach the module that counts.
 */
export type UserCounts = {
  noShowCount: (userId: Sql) => Sql;
  /** What a deactivation at `now` would release, each counted by the module that holds it. */
  upcomingReservations: (userId: Sql, now: Date) => Sql;
  waitlistPlaces: (userId: Sql, now: Date) => Sql;
  drawRequests: (userId: Sql) => Sql;
};

const countsOf = (counts: UserCounts) => ({
  noShowCount: (alias: string) => counts.noShowCount(ref(alias, 'id')),
});
const trimmedEmail = trimmed('email');

/** What deactivating a user would release (UserSettings.queryDeactivationRelease answers it). */
export const deactivationReleaseSource = (counts: UserCounts) =>
  entitySource('DeactivationRelease', {
    table: 'users',
    derived: {
      upcomingReservations: (alias, scope) => counts.upcomingReservations(ref(alias, 'id'), scope.now),
      waitlistPlaces: (alias, scope) => counts.waitlistPlaces(ref(alias, 'id'), scope.now),
      drawRequests: (alias) => counts.drawRequests(ref(alias, 'id')),
    },
    notNull: ['upcomingReservations', 'waitlistPlaces', 'drawRequests'],
    scope: adminRows,
    updateable: noRows,
    deleteable: noRows,
  });

/**
 * An administrator's Save that ticks "Active" of an anonymised user is refused; one that unticks it deactivates the user (`deactivate`, the one way to leave) in
 * the write's transaction; an administrator cannot deactivate themself (nobody might be left to undo it).
 */
const leavingOnSave =
  (deactivate: Deactivate): BeforeWrite =>
  async (db, { columns, id }, writer) => {
    if (id !== null && columns.is_active === true) {
      // An erasure cannot be undone: the pseudonym's account would sign in again.
      const erased = await sql<{ id: string }>`SELECT id FROM users
        WHERE id = ${id}::bigint AND anonymised_at IS NOT NULL`.execute(db);
      if (erased.rows.length > 0) {
        assertNoViolation([business('USER_ALREADY_ANONYMISED', 'An anonymised user cannot be reactivated')]);
      }
    }
    if (id === null || columns.is_active !== false) {
      return;
    }
    if (id === writer.scope.userId) {
      assertNoViolation([business('PERMISSION_DENIED', 'An administrator cannot deactivate themself')]);
    }
    await deactivate(db, {
      userId: id,
      now: writer.scope.now,
      changedBy: writer.scope.email,
      budget: callersBudget(writer),
    });
  };

export const profileSettingsSource = (counts: UserCounts) =>
  entitySource('ProfileSettings', {
    table: 'users',
    derived: countsOf(counts),
    instanceId: (scope) => scope.userId,
    notNull: [
      'email',
      'name',
      'startOfWorkingTime',
      'endOfWorkingTime',
      'hasAccessibilityPermit',
      ...userFlags,
    ],
    defaultOrder: byName,
    scope: selfOnly,
    updateable: selfOnly,
    deleteable: noRows,
    relations: {
      accessedParkingGarages: { link: accessedGarages },
      accessedParkingSlots: { link: (owner, alias) => slotsUserMayReserve(alias, owner) },
      cars: { link: backLink('user_id'), write: { kind: 'targetColumn', column: 'user_id' } },
      idCardsForParkingGarages: { link: idCardGarages },
      preferedParkingSlot: {
        link: preferredSlot,
        range: ownSlots,
        write: { kind: 'ownerColumn', column: 'preferred_parking_slot_id' },
      },
    },
    normalize: trimmedName,
  });

export const userForInputSource = entitySource('UserForInput', {
  table: 'users',
  notNull: ['email', 'name', 'startOfWorkingTime', 'endOfWorkingTime', 'isAdministrator', ...userFlags],
  defaultOrder: byName,
  scope: usersForInput,
  updateable: noRows,
  deleteable: noRows,
  relations: {
    cars: {
      link: backLink('user_id'),
      range: (owner, alias, scope) =>
        sql`(${ref(alias, 'user_id')} = ${owner ?? scope.userId} AND NOT ${ref(alias, 'is_archived')})`,
    },
    preferredParkingSlot: { link: preferredSlot, range: ownSlots },
  },
});

export const userSettingsSource = (counts: UserCounts, deactivate: Deactivate) =>
  entitySource('UserSettings', {
    table: 'users',
    derived: {
      ...countsOf(counts),
      isAnonymised: (alias) => sql`(${ref(alias, 'anonymised_at')} IS NOT NULL)`,
    },
    notNull: [
      'email',
      'name',
      'isActive',
      'isAdministrator',
      ...userFlags,
      'startOfWorkingTime',
      'endOfWorkingTime',
      'maxNormalReservation',
      'maxGuestReservation',
      'maxLongReservation',
      'hasAccessibilityPermit',
      'isAnonymised',
    ],
    defaultOrder: byName,
    scope: adminRows,
    updateable: adminRows,
    deleteable: noRows,
    relations: {
      accessedParkingGarages: joinTableRelation('user_accessed_garages', 'user_id', 'parking_garage_id'),
      idCardsForParkingGarages: joinTableRelation('user_id_card_garages', 'user_id', 'parking_garage_id'),
      holiday: { link: backLink('user_id') },
      cars: { link: backLink('user_id') },
      preferredParkingSlot: {
        link: preferredSlot,
        range: ownSlots,
        write: { kind: 'ownerColumn', column: 'preferred_parking_slot_id' },
      },
      drawPriorities: { link: backLink('user_id') },
    },
    normalize: (values) => trimmedName(trimmedEmail(values)),
    beforeWrite: leavingOnSave(deactivate),
    // Made as the directory makes users: a taken email refused alike, one created inactive has left.
    insert: (db, rows, { scope }) => createUsers(db, rows as NewUser[], scope.now),
  });
