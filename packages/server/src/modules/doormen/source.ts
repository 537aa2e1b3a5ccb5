import { sql } from 'kysely';
import { adminOnly, TRUE_PREDICATE } from '../../engine/access.ts';
import { actorInstance, entitySource, joinLink, ref, type VirtualSource } from '../../engine/source.ts';
import { doormanGarages } from '../garages/index.ts';
import { isEffectivelyActiveSql, today } from '../reservations/index.ts';

const admin = (_alias: string, scope: Parameters<typeof adminOnly>[0]) => adminOnly(scope);
const allRows = () => TRUE_PREDICATE;

export const doormanSource = entitySource('Doorman', {
  table: 'doormen',
  notNull: ['name', 'email'],
  defaultOrder: [{ attribute: 'name', descending: false }],
  scope: admin,
  updateable: admin,
  deleteable: admin,
  relations: {
    assignedGarages: {
      link: joinLink('doorman_garages', 'doorman_id', 'parking_garage_id'),
      range: allRows,
      write: {
        kind: 'joinTable',
        table: 'doorman_garages',
        ownerColumn: 'doorman_id',
        targetColumn: 'parking_garage_id',
      },
    },
  },
  normalize: (values) =>
    typeof values.email === 'string' ? { ...values, email: values.email.trim() } : values,
});

const slotGarage = (alias: string) =>
  sql`(SELECT s.parking_garage_id FROM parking_slots s WHERE s.id = ${ref(alias, 'parking_slot_id')})`;

export const doormanArrivalsSource: VirtualSource = {
  kind: 'virtual',
  type: 'DoormanArrivals',
  instanceId: actorInstance,
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

export const doormanInputSource: VirtualSource = {
  kind: 'virtual',
  type: 'DoormanInput',
  instanceId: null,
  attributes: {},
  relations: { accessedGarages: { link: () => sql`FALSE`, range: () => TRUE_PREDICATE } },
};
