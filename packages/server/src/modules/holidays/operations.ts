import type { HolidayInput } from '@parkhere/contract';
import {
  type OperationCall,
  type Operations,
  ownerOf,
  type Registry,
  relationId,
} from '../../engine/registry.ts';
import { createHoliday, type HolidayRequest } from './create-holiday.ts';
import { deleteHoliday } from './delete-holiday.ts';
import { holidayInputTemplate } from './holiday-input-template.ts';
import { queryReservationsForHoliday } from './query-reservations-for-holiday.ts';

const holidayRequest = (
  call: OperationCall<HolidayInput>,
  panel: 'user' | 'administration',
): HolidayRequest => ({
  panel,
  scope: call.scope,
  userId: relationId(call, 'user'),
  startDate: call.input.startDate,
  endDate: call.input.endDate,
  now: call.now,
});

// Every holiday operation writes holidays, reservations and their jobs only.
export const holidayOperations = {
  'UserReservationPanel.holiday': {
    handle: (call) => createHoliday(call.db, holidayRequest(call, 'user')),
    leavesActorsAndSettings: true,
  },
  'HolidayPanel.holiday': {
    handle: (call) => createHoliday(call.db, holidayRequest(call, 'user')),
    leavesActorsAndSettings: true,
  },
  'ReservationsPanel.holiday': {
    handle: (call) => createHoliday(call.db, holidayRequest(call, 'administration')),
    leavesActorsAndSettings: true,
  },
  'UserForInput.queryReservationsForHoliday': {
    handle: (call) => queryReservationsForHoliday(call.db, holidayRequest(call, 'user')),
    leavesActorsAndSettings: true,
  },
  'Holiday.deleteHoliday': {
    handle: async (call) => {
      await deleteHoliday(call.db, { holidayId: ownerOf(call), scope: call.scope, now: call.now });
      return undefined;
    },
    leavesActorsAndSettings: true,
  },
} satisfies Partial<Operations>;

export const holidayTemplates = {
  HolidayInput: async (call) => {
    const { userId, ...values } = await holidayInputTemplate(call.db, call.scope, call.scope.now);
    return { ...values, user: await call.instance('UserForInput', userId) };
  },
} satisfies Registry['templates'];
