import { DEFAULT_TIME_ZONE, wallClockAt } from '@parkhere/contract';
import type { acceptedApiOf, Entity } from './api.ts';
import { appNow } from './clock.ts';

/** The API as a signed-in administrator. */
export type Post = ReturnType<typeof acceptedApiOf>;

/**
 * A garage named `name` that draws, its cut-off at 23:59 `workingDaysBefore` working days before each day (0:
 * on the day), with one slot, Z-1, and the demo user's access.
 */
export async function drawingGarage(post: Post, name: string, workingDaysBefore: number): Promise<Entity> {
  const garage = await post('Actor/~update/parkingGarages/~create', {
    name,
    drawEnabled: true,
    drawCutoffTime: '23:59:00',
    drawCutoffWorkingDaysBefore: workingDaysBefore,
  });
  await post(
    'ParkingGarageSettings/~update/parkingSlots/~create',
    { name: 'Z-1', floor: 0 },
    garage.__signedIdentifier,
  );
  const [user] = await post('Actor/users/~list', {
    email: [{ operator: 'equal', value: 'user@parkhere.example' }],
  });
  const range = await post('UserSettings/accessedParkingGarages/~range', {
    owner: user,
    queryCustomizer: {},
  });
  await post(
    'UserSettings/~update/accessedParkingGarages/~add',
    range.filter((candidate) => candidate.name === name),
    user?.__signedIdentifier,
  );
  return garage;
}

/**
 * The cut-off moved to this minute of the app's clock, as an administrator changes the garage's settings: the
 * draw job, run each minute of the server's clock, draws the garage's day at the next.
 */
export async function cutOffNow(post: Post, garage: Entity): Promise<Entity> {
  const now = wallClockAt(appNow(), DEFAULT_TIME_ZONE).time.slice(0, 8);
  return post('ParkingGarageSettings/~update', { ...garage, drawCutoffTime: now }, garage.__signedIdentifier);
}
