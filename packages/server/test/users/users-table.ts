import { type Requests, withId } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { movableClock, worldOfFile } from '../world.ts';

/** The Users table's row of an email, as the administrator `admin` lists it. */
export const usersRowOf = (admin: Requests) => (email: string) =>
  admin
    .json<Entity[]>('/services/Actor/users/~list', { email: [{ operator: 'equal', value: email }] })
    .then((rows) => rows[0] as Entity);

/** A bound UserSettings operation on a user's row, as `caller`; answered whatever its status. */
export const userOperation = (caller: Requests, operation: string, row: Entity) =>
  caller.answer({
    method: 'POST',
    path: `/services/UserSettings/${operation}`,
    headers: withId(row.__signedIdentifier),
  });

/**
 * The world of a users test file: the demo data with `users` signed in, the app's clock a Wednesday morning in
 * Budapest (movable), jobs run only by hand.
 */
export async function usersWorldOfFile<const Login extends string>(users: readonly Login[]) {
  const time = movableClock('2026-03-04T08:00:00+01:00');
  return { time, ...(await worldOfFile({ users, clock: time.clock, jobs: { poll: false } })) };
}
