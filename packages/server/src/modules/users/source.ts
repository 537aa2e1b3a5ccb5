import { sql } from 'kysely';
import { adminOnly, FALSE_PREDICATE, selfOnly, TRUE_PREDICATE } from '../../engine/access.ts';
import { backLink, entitySource, joinLink, ownerKeyLink, ref, type Sql } from '../../engine/source.ts';
import { slotsUserMayReserve } from '../garages/index.ts';
import { usersForInput } from './access.ts';

const admin = (_alias: string, scope: Parameters<typeof adminOnly>[0]) => adminOnly(scope);
const nobody = () => FALSE_PREDICATE;
const allRows = () => TRUE_PREDICATE;
const byName = [{ attribute: 'name', descending: false }];
const userFlags = ['isNormalReservation', 'isQuickReservation', 'isGuestReservation', 'isLongReservation'];

/** Only active garages count as accessed (DESIGN §3). */
const accessedGarages = (owner: Sql, alias: string) =>
  sql`(${joinLink('user_accessed_garages', 'user_id', 'parking_garage_id')(owner, alias)} AND ${ref(alias, 'is_active')})`;
const idCardGarages = joinLink('user_id_card_garages', 'user_id', 'parking_garage_id');
const preferredSlot = ownerKeyLink('users', 'preferred_parking_slot_id');
const ownSlots = (owner: Sql | null, alias: string, scope: { userId: string }) =>
  slotsUserMayReserve(alias, owner ?? sql`${scope.userId}`);
const trimmedName = (values: Record<string, unknown>) =>
  typeof values.name === 'string' ? { ...values, name: values.name.trim() } : values;

export const profileSettingsSource = entitySource('ProfileSettings', {
  table: 'users',
  instanceId: (scope) => scope.userId,
  notNull: ['email', 'name', 'startOfWorkingTime', 'endOfWorkingTime', ...userFlags],
  defaultOrder: byName,
  scope: selfOnly,
  updateable: selfOnly,
  deleteable: nobody,
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
  updateable: nobody,
  deleteable: nobody,
  relations: {
    cars: {
      link: backLink('user_id'),
      range: (owner, alias, scope) =>
        sql`(${ref(alias, 'user_id')} = ${owner ?? scope.userId} AND NOT ${ref(alias, 'is_archived')})`,
    },
    preferredParkingSlot: { link: preferredSlot, range: ownSlots },
  },
});

export const userSettingsSource = entitySource('UserSettings', {
  table: 'users',
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
  ],
  defaultOrder: byName,
  scope: admin,
  updateable: admin,
  deleteable: nobody,
  relations: {
    accessedParkingGarages: {
      link: joinLink('user_accessed_garages', 'user_id', 'parking_garage_id'),
      range: allRows,
      write: {
        kind: 'joinTable',
        table: 'user_accessed_garages',
        ownerColumn: 'user_id',
        targetColumn: 'parking_garage_id',
      },
    },
    idCardsForParkingGarages: {
      link: idCardGarages,
      range: allRows,
      write: {
        kind: 'joinTable',
        table: 'user_id_card_garages',
        ownerColumn: 'user_id',
        targetColumn: 'parking_garage_id',
      },
    },
    holiday: { link: backLink('user_id') },
    cars: { link: backLink('user_id') },
    preferredParkingSlot: {
      link: preferredSlot,
      range: ownSlots,
      write: { kind: 'ownerColumn', column: 'preferred_parking_slot_id' },
    },
  },
  normalize: (values) =>
    trimmedName(typeof values.email === 'string' ? { ...values, email: values.email.trim() } : values),
});
