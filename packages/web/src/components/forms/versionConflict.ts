import { ApiError } from '../../errors/apiError.ts';

/** The record changed elsewhere since it was read: a save answered 409 VERSION_CONFLICT. */
export const isVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 409 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  Reflect.get(error.body, 'code') === 'VERSION_CONFLICT';
