import type { ReservationInput } from '@parkhere/contract';
import {
  type Operation,
  type OperationCall,
  type Operations,
  ownerAction,
  ownerChange,
  ownerOf,
  type Registry,
  relationId,
} from '../../engine/registry.ts';
import { callersBudget } from '../notifications/index.ts';
import { cancelReservation } from './cancel-reservation.ts';
import { type CreateReservationInput, createReservation } from './create-reservation.ts';
import { deleteReservation } from './delete-reservation.ts';
import { withFreeSlotAnswered } from './free-slot-answer.ts';
import type { OwnerAction } from './lock-for-owner-action.ts';
import { modifyReservation } from './modify-reservation.ts';
import { reservationInputTemplate } from './reservation-input-template.ts';

/** The create a call of the reservation form asks for: a single one, or a weekly pattern's (modules/draw). */
export const createRequestOf = (
  call: OperationCall<ReservationInput>,
  panel: 'user' | 'administration',
  answer: CreateReservationInput['answer'],
): CreateReservationInput => ({
  panel,
  scope: call.scope,
  input: call.input,
  userId: relationId(call, 'user'),
  carId: relationId(call, 'car'),
  slotId: relationId(call, 'parkingSlot'),
  now: call.now,
  budget: callersBudget(call),
  answer,
});

const reservationOperation = (panel: 'user' | 'administration'): Operation<ReservationInput> => ({
  handle: (call) =>
    withFreeSlotAnswered(call, () => createReservation(call.db, createRequestOf(call, panel, call.written))),
  transactsItself: true,
  leavesActorsAndSettings: true,
});

/** The reservation the call is bound to, as the caller's signed identifier saw it. */
const ownerActionOf = (call: OperationCall<unknown>, reservationId: string): OwnerAction => ({
  reservationId,
  scope: call.scope,
  now: call.now,
  version: call.ownerVersion,
});

export const reservationOperations = {
  'UserReservationPanel.reservation': reservationOperation('user'),
  'ReservationsPanel.reservation': reservationOperation('administration'),
  'UserReservation.deleteReservation': ownerChange(
    (call, reservationId) =>
      deleteReservation(call.db, { ...ownerActionOf(call, reservationId), budget: callersBudget(call) }),
    { leavesActorsAndSettings: true },
  ),
  'UserReservation.cancelReservation': ownerAction(
    (call, reservationId) => cancelReservation(call.db, ownerActionOf(call, reservationId)),
    { leavesActorsAndSettings: true },
  ),
  'UserReservation.modificateReservation': {
    handle: (call) =>
      modifyReservation(call.db, {
        reservationId: ownerOf(call),
        scope: call.scope,
        change: call.input,
        now: call.now,
        version: call.ownerVersion,
        budget: callersBudget(call),
      }),
    leavesActorsAndSettings: true,
  },
} satisfies Partial<Operations>;

export const reservationTemplates = {
  ReservationInput: async (call) => {
    const {
      userId,
      carId,
      parkingSlotId,
      warningMinutes: _minutes,
      ...values
    } = await reservationInputTemplate(call.db, call.scope, call.scope.now);
    return {
      ...values,
      user: await call.instance('UserForInput', userId),
      car: carId === null ? null : await call.instance('Car', carId),
      parkingSlot: parkingSlotId === null ? null : await call.instance('ParkingSlot', parkingSlotId),
    };
  },
} satisfies Registry['templates'];
