import type { HolidayInput } from '@parkhere/contract';
import {
  type Operation,
  type OperationCall,
  type Operations,
  ownerAction,
  ownerChange,
  type Registry,
  relationId,
} from '../../engine/registry.ts';
import { callersBudget } from '../notifications/index.ts';
import { createHoliday, type HolidayRequest } from './create-holiday.ts';
import { deleteHoliday } from './delete-holiday.ts';
import { holidayInputTemplate } from './holiday-input-template.ts';
import { modifyHoliday } from './modify-holiday.ts';
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
  budget: callersBudget(call),
});

const holidayOperation = (panel: 'user' | 'administration'): Operation<HolidayInput> => ({
  handle: (call) => createHoliday(call.db, holidayRequest(call, panel)),
  leavesActorsAndSettings: true,
});

// Every holiday operation writes holidays, reservations and their jobs only.
export const holidayOperations = {
  'UserReservationPanel.holiday': holidayOperation('user'),
  'HolidayPanel.holiday': holidayOperation('user'),
  'ReservationsPanel.holiday': holidayOperation('administration'),
  'UserForInput.queryReservationsForHoliday': {
    handle: (call) => queryReservationsForHoliday(call.db, holidayRequest(call, 'user')),
    leavesActorsAndSettings: true,
  },
  'Holiday.deleteHoliday': ownerAction(
    (call, holidayId) => deleteHoliday(call.db, { holidayId, scope: call.scope, now: call.now }),
    { leavesActorsAndSettings: true },
  ),
  'Holiday.modifyHoliday': ownerChange(
    (call, holidayId) =>
      modifyHoliday(call.db, {
        holidayId,
        scope: call.scope,
        startDate: call.input.startDate,
        endDate: call.input.endDate,
        now: call.now,
        budget: callersBudget(call),
      }),
    { leavesActorsAndSettings: true },
  ),
} satisfies Partial<Operations>;

export const holidayTemplates = {
  HolidayInput: async (call) => {
    const { userId, ...values } = await holidayInputTemplate(call.db, call.scope, call.scope.now);
    return { ...values, user: await call.instance('UserForInput', userId) };
  },
} satisfies Registry['templates'];
