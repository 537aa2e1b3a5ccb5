import { boolean, operation, string, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';
import { licensePlate } from './attributes.ts';

/** What a user says of a car when adding it and may change ever after. */
const carDescription = {
  licensePlate: licensePlate(true),
  manufacturer: string({ maxLength: 100 }),
  model: string({ maxLength: 100 }),
  // Only an electric car's reservation may take a slot with a charger.
  isElectric: boolean({ default: false }),
};

export const Car = transfer('Car', {
  entity: 'Car',
  attributes: {
    ...carDescription,
    isFavorite: boolean({ nullable: true, default: false }),
    isArchived: boolean({ nullable: true, default: false }),
  },
  operations: {
    deleteCar: operation({ bound: true }),
    favoriteCar: operation({ bound: true }),
  },
  updatable: true,
  deletable: true,
});
export type Car = TransferOf<typeof Car>;

export const CreateCarInput = transfer('CreateCarInput', {
  entity: null,
  attributes: {
    ...carDescription,
    isFavorite: boolean({ default: false }),
  },
  template: true,
});
export type CreateCarInput = TransferOf<typeof CreateCarInput>;
