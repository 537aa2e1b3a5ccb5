import type { OperationCall } from '../../engine/registry.ts';
import { BusinessError, ConflictError } from '../../platform/errors.ts';

/**
 * A refusal that names a free slot by its id (a create's lost race, 409 SLOT_ALREADY_RESERVED; a waitlist join
 * while a slot is free, 422 SLOT_AVAILABLE) answers it as an entity the form can pick (DESIGN §4).
 */
export const withFreeSlotAnswered = async <T>(
  call: OperationCall<unknown>,
  work: () => Promise<T>,
): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const refusal = error instanceof ConflictError || error instanceof BusinessError ? error : undefined;
    const nextId = refusal?.details?.nextFreeSlotId;
    if (refusal === undefined || typeof nextId !== 'string') {
      throw error;
    }
    const details = { nextFreeSlot: await call.instance('ParkingSlot', nextId) };
    throw refusal instanceof ConflictError
      ? new ConflictError(refusal.code, details)
      : new BusinessError(refusal.errorCode, refusal.message, details);
  }
};
