import { type Answer, type Requests, withId } from '../client.ts';
import { type Entity, partiesOf } from '../reservations/forms.ts';
import { movableClock, worldOfFile } from '../world.ts';

/*
 * What the draw's API tests share: a world on a clock that stands on Monday 2026-12-07 at 08:00 in Budapest
 * (HQ Garage draws with its cut-off at 14:00 two working days before the day), the days of that week and the
 * next Monday, the request's path, and the garage as the caller's form offers it.
 */

export const TUE = '2026-12-08';
export const WED = '2026-12-09';
export const THU = '2026-12-10';
export const FRI = '2026-12-11';
export const MON = '2026-12-14';
export const REQUEST = '/services/UserReservationPanel/requestDraw';

/** The test file's world with a user, a quick user and an administrator, on the movable clock `time`. */
export async function drawWorldOfFile() {
  const time = movableClock('2026-12-07T08:00:00+01:00');
  const world = await worldOfFile({
    clock: time.clock,
    jobs: { poll: false },
    users: ['user', 'quick', 'admin'],
  });
  return { time, ...world };
}

type Fault = { code: string; details?: Record<string, unknown> };
export const codeOf = (answer: Answer) => (answer.body as Fault).code;

/** The garage `name` as the caller's form offers it (ReservationInput.parkingGarage's range). */
export const garageFor = async (caller: Requests, name: string) => {
  const { user: self } = await partiesOf(caller, 'A-1');
  const [garage] = await caller.json<Entity[]>('/services/ReservationInput/parkingGarage/~range', {
    owner: { user: self },
    queryCustomizer: { name: [{ operator: 'equal', value: name }] },
  });
  return garage;
};

/** A request body of the caller's own: their user and car, HQ Garage, no preferred slot, 09:00 to 17:00. */
export const requestBody = async (caller: Requests, date: string, extra: Record<string, unknown> = {}) => {
  const { user: self, car } = await partiesOf(caller, 'A-1');
  return {
    reservationType: 'NORMAL',
    date,
    startTime: '09:00:00',
    endTime: '17:00:00',
    user: self,
    car,
    parkingGarage: await garageFor(caller, 'HQ Garage'),
    ...extra,
  };
};

/** The caller's own draw requests, as their reservation panel lists them. */
export const drawRequestsOf = async (caller: Requests): Promise<Entity[]> => {
  const panel = await caller.json<Entity>('/services/Actor/userReservationPanel/~get', {});
  return caller.json<Entity[]>(
    '/services/UserReservationPanel/drawRequests/~list',
    {},
    withId(panel.__signedIdentifier),
  );
};

/** The caller's withdrawal of a draw request. */
export const withdraw = (caller: Requests, request: Entity) =>
  caller.answer({
    method: 'POST',
    path: '/services/DrawRequest/withdraw',
    headers: withId(request.__signedIdentifier),
  });
