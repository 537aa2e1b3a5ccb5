import { adminOnly, FALSE_PREDICATE, TRUE_PREDICATE } from '../../engine/access.ts';
import { backLink, entitySource, joinLink, ownerKeyLink, ref } from '../../engine/source.ts';
import { visibleGarages, visibleSlots } from './access.ts';

const admin = (_alias: string, scope: Parameters<typeof adminOnly>[0]) => adminOnly(scope);
const nobody = () => FALSE_PREDICATE;
const allRows = () => TRUE_PREDICATE;
const byName = [{ attribute: 'name', descending: false }];

export const parkingGarageSource = entitySource('ParkingGarage', {
  table: 'parking_garages',
  notNull: ['name'],
  defaultOrder: byName,
  scope: visibleGarages,
  updateable: nobody,
  deleteable: nobody,
});

export const parkingSlotSource = entitySource('ParkingSlot', {
  table: 'parking_slots',
  derived: { aggregaredName: (alias) => ref(alias, 'aggregared_name') },
  notNull: ['name', 'floor', 'aggregaredName', 'isActive', 'isExclusive', 'nextToWall'],
  defaultOrder: [{ attribute: 'aggregaredName', descending: false }],
  scope: visibleSlots,
  updateable: nobody,
  deleteable: nobody,
});

export const parkingGarageSettingsSource = entitySource('ParkingGarageSettings', {
  table: 'parking_garages',
  notNull: ['name', 'isActive'],
  defaultOrder: byName,
  scope: admin,
  updateable: admin,
  deleteable: admin,
  relations: {
    parkingSlots: {
      link: backLink('parking_garage_id'),
      write: { kind: 'targetColumn', column: 'parking_garage_id' },
    },
    accessedUsers: {
      link: joinLink('user_accessed_garages', 'parking_garage_id', 'user_id'),
      range: allRows,
      write: {
        kind: 'joinTable',
        table: 'user_accessed_garages',
        ownerColumn: 'parking_garage_id',
        targetColumn: 'user_id',
      },
    },
    usersWithIdCard: {
      link: joinLink('user_id_card_garages', 'parking_garage_id', 'user_id'),
      range: allRows,
      write: {
        kind: 'joinTable',
        table: 'user_id_card_garages',
        ownerColumn: 'parking_garage_id',
        targetColumn: 'user_id',
      },
    },
  },
  normalize: (values) => (typeof values.name === 'string' ? { ...values, name: values.name.trim() } : values),
});

export const parkingSlotSettingsSource = entitySource('ParkingSlotSettings', {
  table: 'parking_slots',
  derived: { aggregaredName: (alias) => ref(alias, 'aggregared_name') },
  notNull: ['name', 'floor', 'aggregaredName', 'isActive', 'isExclusive', 'nextToWall'],
  defaultOrder: [{ attribute: 'aggregaredName', descending: false }],
  scope: admin,
  updateable: admin,
  // Whether reservations still point at the slot is the delete's to find out (400), not every list's.
  deleteable: admin,
  relations: {
    parkingGarage: {
      link: ownerKeyLink('parking_slots', 'parking_garage_id'),
      range: allRows,
      write: { kind: 'ownerColumn', column: 'parking_garage_id' },
    },
  },
  normalize: (values) => (typeof values.name === 'string' ? { ...values, name: values.name.trim() } : values),
});
