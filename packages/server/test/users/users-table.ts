import { type Requests, withId } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';

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
