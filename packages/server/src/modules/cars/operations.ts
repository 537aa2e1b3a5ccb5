import { type Operations, ownerOf } from '../../engine/registry.ts';
import { createCar } from './create-car.ts';
import { deleteCar } from './delete-car.ts';
import { favoriteCar } from './favorite-car.ts';

export const carOperations = {
  'ProfileSettings.createCar': {
    handle: (call) => createCar(call.db, { userId: ownerOf(call), input: call.input }),
  },
  'Car.deleteCar': {
    handle: async (call) => {
      await deleteCar(call.db, { carId: ownerOf(call) });
      return undefined;
    },
  },
  'Car.favoriteCar': {
    handle: async (call) => {
      await favoriteCar(call.db, { carId: ownerOf(call) });
      return undefined;
    },
  },
} satisfies Partial<Operations>;
