import { type Context, useContext } from 'react';

/**
 * The value of a context whose provider must stand above the caller; without it the hook is used where it
 * cannot work, a programming error that `misuse` names.
 */
export function useProvided<T>(context: Context<T | undefined>, misuse: string): T {
  const value = useContext(context);
  if (!value) {
    throw new Error(misuse);
  }
  return value;
}
