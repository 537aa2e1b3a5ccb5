import { doormanSource } from '../configuration/source.ts';
import { doormanArrivalsSource, doormanInputSource } from '../reservations/panels.ts';

export { doormanOperations as operations } from './operations.ts';
export const sources = {
  Doorman: doormanSource,
  DoormanInput: doormanInputSource,
  DoormanArrivals: doormanArrivalsSource,
};
