import { isTypeAllowedByFlags, type ReservationType } from '@parkhere/contract';
import { business, foreign, invalid, type Violation } from '../../../platform/violation.ts';
import type { CarFacts, ReservationOwner, RuleActor, SlotFacts } from './facts.ts';

/**
 * Who may reserve what: a non-administrator only for themself and only the types their flags allow;
 * administrators any type for any active user.
 */
export const checkOwnerAndType = (
  type: ReservationType,
  owner: ReservationOwner | null,
  actor: RuleActor,
): Violation[] => {
  if (owner === null) {
    return [invalid('user', 'MISSING_REQUIRED_ATTRIBUTE')];
  }
  if (!actor.isAdministrator && owner.id !== actor.userId) {
    return [foreign];
  }
  if (!owner.isActive) {
    return [business('USER_NOT_FOUND')];
  }
  if (!actor.isAdministrator && !isTypeAllowedByFlags(type, owner)) {
    return [business('PERMISSION_DENIED', `Reservation type ${type} is not allowed`)];
  }
  return [];
};

const isBlank = (value: string | null | undefined): boolean => value == null || value.trim() === '';

/**
 * NORMAL, QUICK and LONG need the owner's own, non-archived car; GUEST needs the guest's name, email and
 * plate and no car.
 */
export const checkCarOrGuest = (
  request: {
    type: ReservationType;
    car: CarFacts | null;
    guestName?: string | null;
    guestEmail?: string | null;
    guestLicensePlate?: string | null;
  },
  owner: ReservationOwner,
): Violation[] => {
  switch (request.type) {
    case 'NORMAL':
    case 'QUICK':
    case 'LONG':
      return checkCar(request.car, owner);
    case 'GUEST':
      return [
        ...(isBlank(request.guestName) ? [invalid('guestName', 'MISSING_REQUIRED_ATTRIBUTE')] : []),
        ...(isBlank(request.guestEmail) ? [invalid('guestEmail', 'MISSING_REQUIRED_ATTRIBUTE')] : []),
        ...(isBlank(request.guestLicensePlate)
          ? [invalid('guestLicensePlate', 'MISSING_REQUIRED_ATTRIBUTE')]
          : []),
      ];
  }
};

const checkCar = (car: CarFacts | null, owner: ReservationOwner): Violation[] => {
  if (car === null) {
    return [invalid('car', 'MISSING_REQUIRED_ATTRIBUTE')];
  }
  if (car.ownerId !== owner.id) {
    return [business('CAR_NOT_FOUND')];
  }
  if (car.isArchived) {
    return [invalid('car', 'NOT_ACCEPTED_BY_RANGE')];
  }
  return [];
};

/**
 * Active slots of active garages only; for non-administrators also only in the owner's accessed garages
 * and never an exclusive slot. The free-slot check is the database's exclusion constraint, not a rule here.
 */
export const checkSlot = (slot: SlotFacts | null, actor: RuleActor): Violation[] => {
  if (slot === null) {
    return [invalid('parkingSlot', 'MISSING_REQUIRED_ATTRIBUTE')];
  }
  const offered =
    slot.isActive &&
    slot.garageIsActive &&
    (actor.isAdministrator || (slot.garageIsAccessed && !slot.isExclusive));
  return offered ? [] : [invalid('parkingSlot', 'NOT_ACCEPTED_BY_RANGE')];
};

/**
 * An owner who may reserve in no garage at all can be offered nothing: said as such (422 NO_GARAGE_ACCESS, an
 * administrator grants access), not as a missing or refused slot, which would send them looking for one.
 * Administrators reserve any slot for anybody, so it does not hold them back.
 */
export const checkGarageAccess = (
  ownerKnown: boolean,
  ownerHasGarage: boolean,
  actor: RuleActor,
): Violation[] =>
  ownerKnown && !ownerHasGarage && !actor.isAdministrator
    ? [business('NO_GARAGE_ACCESS', 'The user may reserve in no garage; an administrator grants access')]
    : [];
