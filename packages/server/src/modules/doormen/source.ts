import { sql } from 'kysely';
import { administeredRows, allRows, instant, TRUE_PREDICATE } from '../../engine/access.ts';
import {
  actorInstance,
  ascending,
  entitySource,
  inputForm,
  joinTableRelation,
  ref,
  trimmed,
  type VirtualSource,
} from '../../engine/source.ts';
import { ownerExpectedTodaySql } from '../assigned-slots/index.ts';
import { configuredWallClock } from '../configuration/index.ts';
import { doormanGarages } from '../garages/index.ts';
import { isEffectivelyActiveSql, today } from '../reservations/index.ts';

export const doormanSource = entitySource('Doorman', {
  table: 'doormen',
  notNull: ['name', 'email'],
  defaultOrder: ascending('name'),
  ...administeredRows,
  derived: {
    assignedGarageNames: (alias) => sql`(SELECT string_agg(g.name, ', ' ORDER BY g.name)
      FROM doorman_garages dg JOIN parking_garages g ON g.id = dg.parking_garage_id
      WHERE dg.doorman_id = ${ref(alias, 'id')})`,
  },
  relations: {
    assignedGarages: joinTableRelation('doorman_garages', 'doorman_id', 'parking_garage_id'),
  },
  normalize: trimmed('email'),
});

const slotGarage = (alias: string) =>
  sql`(SELECT s.parking_garage_id FROM parking_slots s WHERE s.id = ${ref(alias, 'parking_slot_id')})`;

export const doormanArrivalsSource: VirtualSource = {
  kind: 'virtual',
  type: 'DoormanArrivals',
  instanceId: actorInstance,
  attributes: {
    date: (_alias, scope) => today(scope.now),
    // The page says when it was refreshed on the configured wall clock, not the doorman's device clock.
    currentTime: (_alias, scope) => sql`to_char(${configuredWallClock(instant(scope.now))}, 'HH24:MI:SS')`,
  },
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
    // [Pools] The owners of assigned slots who come today without a booking (the target's scope: their garages).
    expectedOwners: { link: (_owner, alias, scope) => ownerExpectedTodaySql(alias, scope.now) },
    garages: {
      link: (_owner, alias, scope) =>
        scope.isAdministrator ? TRUE_PREDICATE : doormanGarages(ref(alias, 'id'), scope),
    },
  },
};

export const doormanInputSource = inputForm('DoormanInput', { accessedGarages: { range: allRows } });
