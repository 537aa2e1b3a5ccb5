import { sql } from 'kysely';
import { FALSE_PREDICATE, ownRows } from '../../engine/access.ts';
import {
  actorInstance,
  ascending,
  backLink,
  entitySource,
  inputForm,
  ref,
  type VirtualSource,
} from '../../engine/source.ts';
import { configuredHolidayImage } from '../configuration/index.ts';
import { formUser, usersForInput } from '../users/index.ts';
import { holidayDraft, holidayReservationsRange } from './holiday-reservations.ts';
import { holidayDeletableSql, isHolidayNotDeletableSql } from './holiday-rules.ts';

export const holidaySource = entitySource('Holiday', {
  table: 'holidays',
  derived: {
    userName: (alias) => sql`(SELECT u.name FROM users u WHERE u.id = ${ref(alias, 'user_id')})`,
    isNotDeletable: (alias, scope) => isHolidayNotDeletableSql(alias, scope.now),
  },
  notNull: ['startDate', 'endDate'],
  defaultOrder: [{ attribute: 'startDate', descending: false }],
  scope: ownRows('user_id'),
  updateable: () => FALSE_PREDICATE,
  deleteable: (alias, scope) =>
    sql`(${ownRows('user_id')(alias, scope)} AND ${holidayDeletableSql(alias, scope)})`,
});

export const holidayPanelSource: VirtualSource = {
  kind: 'virtual',
  type: 'HolidayPanel',
  instanceId: actorInstance,
  attributes: { holidayImage: configuredHolidayImage },
  relations: { holidays: { link: backLink('user_id') } },
};

export const holidayInputSource = inputForm('HolidayInput', {
  user: { range: (_owner, alias, scope) => usersForInput(alias, scope) },
  reservationsForDeleteInfo: {
    // Exactly what saving the draft deletes (queryReservationsForHoliday's list), by date.
    prepareDraft: holidayDraft,
    range: (_owner, alias, scope, draft, values) =>
      holidayReservationsRange(alias, formUser(draft, scope), values),
    defaultOrder: ascending('date', 'startTime'),
  },
});

export const queryReservationsForHolidayResultSource = inputForm('QueryReservationsForHolidayResult', {
  reservations: {},
});
