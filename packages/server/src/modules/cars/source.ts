import { normalizeLicensePlate } from '@parkhere/contract';
import { ownRows } from '../../engine/access.ts';
import { entitySource, inputForm } from '../../engine/source.ts';
import { archivedIsNoFavorite, clearOtherFavorites } from './favorite-rule.ts';

const ownCar = ownRows('user_id');

export const carSource = entitySource('Car', {
  table: 'cars',
  notNull: ['licensePlate', 'isFavorite', 'isArchived', 'isElectric'],
  defaultOrder: [{ attribute: 'licensePlate', descending: false }],
  scope: ownCar,
  updateable: ownCar,
  deleteable: ownCar,
  // Whichever call sets the flag (an update, a profile's car ~create), not only the favoriteCar operation.
  beforeWrite: async (db, { columns, id, ownerId }) => {
    if (columns.is_favorite === true) {
      await clearOtherFavorites(db, { userId: ownerId, carId: id });
    }
    await archivedIsNoFavorite(db, { columns, id });
  },
  normalize: (values) =>
    typeof values.licensePlate === 'string'
      ? { ...values, licensePlate: normalizeLicensePlate(values.licensePlate) }
      : values,
});

export const createCarInputSource = inputForm('CreateCarInput');
