import { boolean, date, operation, picked, relation, string, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';

export const Holiday = transfer('Holiday', {
  entity: 'Holiday',
  attributes: {
    startDate: date({ readOnly: true }),
    endDate: date({ readOnly: true }),
    userName: string({ derived: true }),
    isNotDeletable: boolean({ derived: true }),
  },
  operations: {
    deleteHoliday: operation({ bound: true }),
    // New dates for a holiday (its card's Edit): the holiday names its user, so the input's user is not sent.
    modifyHoliday: operation({ input: 'HolidayInput', bound: true, optionalInput: ['user'] }),
  },
});
export type Holiday = TransferOf<typeof Holiday>;

export const HolidayInput = transfer('HolidayInput', {
  entity: null,
  attributes: {
    currentDate: date({ readOnly: true }),
    startDate: date({ required: true }),
    endDate: date({ required: true }),
    userHidden: boolean({ readOnly: true }),
    hiddenByCustom: boolean({ readOnly: true }),
  },
  relations: {
    user: picked('UserForInput', 'one', { required: true }),
    reservationsForDeleteInfo: relation('UserReservation', 'many', { range: true }),
  },
  template: true,
});
export type HolidayInput = TransferOf<typeof HolidayInput>;

export const QueryReservationsForHolidayResult = transfer('QueryReservationsForHolidayResult', {
  entity: null,
  attributes: {},
  relations: {
    reservations: relation('UserReservation', 'many'),
  },
});
export type QueryReservationsForHolidayResult = TransferOf<typeof QueryReservationsForHolidayResult>;
