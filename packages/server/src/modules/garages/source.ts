import { sql } from 'kysely';
import { administeredRows, allRows, noRows, TRUE_PREDICATE } from '../../engine/access.ts';
import {
  ascending,
  backLink,
  entitySource,
  joinTableRelation,
  ownerKeyLink,
  ref,
  snakeCase,
  trimmed,
} from '../../engine/source.ts';
import { assertTemplatesAccepted, writtenTemplates } from '../../platform/mail/template-check.ts';
import { fileStore } from '../files/index.ts';
import { groupNameSql } from '../groups/index.ts';
import { doormanGarages, visibleGarages, visibleSlots } from './access.ts';
import { expectedOwnerColumns } from './expected-owners.ts';

const byName = ascending('name');

/** Both views of a slot read the same row: its stored attributes and the name the database composes. */
const slotColumns = {
  table: 'parking_slots',
  derived: { aggregaredName: (alias: string) => ref(alias, 'aggregared_name') },
  notNull: [
    'name',
    'floor',
    'aggregaredName',
    'isActive',
    'isExclusive',
    'nextToWall',
    'isAccessible',
    'hasCharger',
  ],
  defaultOrder: ascending('aggregaredName'),
  files: fileStore,
};

export const parkingGarageSource = entitySource('ParkingGarage', {
  table: 'parking_garages',
  notNull: ['name'],
  defaultOrder: byName,
  scope: visibleGarages,
  updateable: noRows,
  deleteable: noRows,
});

/** A column of the row's garage (its parking_garage_id), as a derived attribute. */
export const garageColumn = (column: string) => (alias: string) =>
  sql`(SELECT g.${sql.raw(column)} FROM parking_garages g WHERE g.id = ${ref(alias, 'parking_garage_id')})`;

export const parkingSlotSource = entitySource('ParkingSlot', {
  ...slotColumns,
  derived: {
    ...slotColumns.derived,
    garageName: garageColumn('name'),
    drawEnabled: garageColumn('draw_enabled'),
    drawCutoffTime: garageColumn('draw_cutoff_time'),
    drawCutoffWorkingDaysBefore: garageColumn('draw_cutoff_working_days_before'),
    poolGroupName: (alias: string) => groupNameSql(ref(alias, 'reserved_for_group_id')),
  },
  scope: visibleSlots,
  updateable: noRows,
  deleteable: noRows,
});

export const parkingGarageSettingsSource = entitySource('ParkingGarageSettings', {
  table: 'parking_garages',
  notNull: ['name', 'isActive'],
  defaultOrder: byName,
  ...administeredRows,
  relations: {
    parkingSlots: {
      link: backLink('parking_garage_id'),
      write: { kind: 'targetColumn', column: 'parking_garage_id' },
    },
    accessedUsers: joinTableRelation('user_accessed_garages', 'parking_garage_id', 'user_id'),
    usersWithIdCard: joinTableRelation('user_id_card_garages', 'parking_garage_id', 'user_id'),
  },
  normalize: trimmed('name'),
  // A template that would fail its mails is refused when it is saved, not found by a failing job.
  beforeWrite: async (_db, { columns }) =>
    assertTemplatesAccepted(writtenTemplates(['emailTemplateOfTheGarage'], columns, snakeCase)),
});

export const parkingSlotSettingsSource = entitySource('ParkingSlotSettings', {
  ...slotColumns,
  // Whether reservations still point at the slot is the delete's to find out (400), not every list's.
  ...administeredRows,
  relations: {
    parkingGarage: {
      link: ownerKeyLink('parking_slots', 'parking_garage_id'),
      range: allRows,
      write: { kind: 'ownerColumn', column: 'parking_garage_id' },
    },
    reservedForGroup: {
      link: ownerKeyLink('parking_slots', 'reserved_for_group_id'),
      range: allRows,
      write: { kind: 'ownerColumn', column: 'reserved_for_group_id' },
    },
    assignedTo: {
      link: ownerKeyLink('parking_slots', 'assigned_to_id'),
      range: allRows,
      write: { kind: 'ownerColumn', column: 'assigned_to_id' },
    },
  },
  normalize: trimmed('name'),
});

/**
 * [Pools] DoormanArrivals.expectedOwners' rows (modules/doormen links them by assigned-slots' rule): assigned
 * slots, each with its owner. Doormen read the slots of their garages, administrators every one; nobody writes
 * them.
 */
export const expectedOwnerSource = entitySource('ExpectedOwner', {
  table: 'parking_slots',
  derived: expectedOwnerColumns,
  defaultOrder: [{ attribute: 'startTime', descending: false }],
  scope: (alias, scope) =>
    scope.isAdministrator ? TRUE_PREDICATE : doormanGarages(ref(alias, 'parking_garage_id'), scope),
  updateable: noRows,
  deleteable: noRows,
});
