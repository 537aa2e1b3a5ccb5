import { carSource, createCarInputSource } from './source.ts';

export { carOperations as operations } from './operations.ts';

export const sources = { Car: carSource, CreateCarInput: createCarInputSource };
