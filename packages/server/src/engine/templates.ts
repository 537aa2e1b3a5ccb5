import type { TransferName } from '@parkhere/contract';
import { holidayInputTemplate } from '../modules/holidays/holiday-input-template.ts';
import { reservationInputTemplate } from '../modules/reservations/reservation-input-template.ts';
import { entitySourceOf } from '../registry/sources.ts';
import type { EngineContext } from './context.ts';
import { storedInstance } from './read.ts';

/*
 * `~template` answers the model's static defaults; types whose defaults depend on the actor or the clock
 * (the reservation and holiday forms) add theirs here. Relations go out as the actor sees them, signed.
 */

export type TemplateProvider = (context: EngineContext) => Promise<Record<string, unknown>>;

const reference = async (
  context: EngineContext,
  type: TransferName,
  id: string | null,
): Promise<unknown | null> => (id === null ? null : storedInstance(context, entitySourceOf(type), id));

export const templateProviders: Partial<Record<TransferName, TemplateProvider>> = {
  ReservationInput: async (context) => {
    const {
      userId,
      carId,
      parkingSlotId,
      warningMinutes: _minutes,
      ...values
    } = await reservationInputTemplate(context.db, context.scope, context.scope.now);
    return {
      ...values,
      user: await reference(context, 'UserForInput', userId),
      car: await reference(context, 'Car', carId),
      parkingSlot: await reference(context, 'ParkingSlot', parkingSlotId),
    };
  },
  HolidayInput: async (context) => {
    const { userId, ...values } = await holidayInputTemplate(context.db, context.scope, context.scope.now);
    return { ...values, user: await reference(context, 'UserForInput', userId) };
  },
};
