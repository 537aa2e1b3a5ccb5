import { sql } from 'kysely';
import { type Client, clientFor, type Requests } from '../client.ts';
import type { TestServer } from '../world.ts';

export type Entity = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };

const RESERVE = '/services/UserReservationPanel/reservation';

/** ACTIVE rows of a slot whose intervals overlap another ACTIVE row of the same slot (must stay 0). */
export const overlappingRows = async (server: TestServer): Promise<number> => {
  const found = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations a JOIN reservations b
    ON a.id < b.id AND a.parking_slot_id = b.parking_slot_id AND a.during && b.during
    WHERE a.reservation_status = 'ACTIVE' AND b.reservation_status = 'ACTIVE'`.execute(server.db);
  return Number(found.rows[0]?.count ?? 0);
};

/** The names of the free slots the parking-slot range offers for `owner` (a ReservationInput draft). */
export const freeSlotNames = async (caller: Requests, owner: Record<string, unknown>, like = 'A-1%') =>
  (
    await caller.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner,
      queryCustomizer: { aggregaredName: [{ operator: 'like', value: like }], _seek: { limit: 100 } },
    })
  ).map((slot) => String(slot.aggregaredName).split(' ')[0] ?? '');

/**
 * The caller's own UserForInput (named by email where the caller may pick others too), their default car and
 * a slot of HQ Garage by name, as the reservation form picks them.
 */
export const partiesOf = async (caller: Requests, slotName: string, email?: string) => {
  const [self] = await caller.json<Entity[]>(
    '/services/Actor/usersForInput/~list',
    email === undefined ? {} : { email: [{ operator: 'equal', value: email }] },
  );
  const cars = await caller.json<Entity[]>('/services/ReservationInput/car/~range', {
    owner: { user: self },
    queryCustomizer: {},
  });
  const slots = await caller.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
    owner: { user: self },
    queryCustomizer: { aggregaredName: [{ operator: 'like', value: `${slotName} %` }] },
  });
  return { user: self as Entity, car: cars[0] as Entity, parkingSlot: slots[0] as Entity };
};

/** The body of a NORMAL reservation of the caller's on a slot of HQ Garage, as the form sends it. */
export const normalRequest = async (
  caller: Requests,
  slotName: string,
  date: string,
  startTime: string,
  endTime: string,
) => ({ reservationType: 'NORMAL', date, startTime, endTime, ...(await partiesOf(caller, slotName)) });

/** A GUEST request from 09:00 to 12:00 on `date` for the owner and slot `own` names. */
export const guestRequest = (
  own: { user: unknown; parkingSlot: unknown },
  date: string,
  guest: { name: string; email: string; plate: string },
) => ({
  reservationType: 'GUEST',
  date,
  startTime: '09:00:00',
  endTime: '12:00:00',
  user: own.user,
  parkingSlot: own.parkingSlot,
  guestName: guest.name,
  guestEmail: guest.email,
  guestLicensePlate: guest.plate,
});

/** A NORMAL reservation of the caller's made through the API: the created UserReservation. */
export const reserve = async (
  caller: Requests,
  slotName: string,
  date: string,
  startTime: string,
  endTime: string,
): Promise<Entity> => {
  const [created] = await caller.json<Entity[]>(
    RESERVE,
    await normalRequest(caller, slotName, date, startTime, endTime),
  );
  return created as Entity;
};

/** A GUEST reservation of the caller's for `guest`, 09:00–12:00, made through the API: the created UserReservation. */
export const reserveGuest = async (
  caller: Requests,
  slotName: string,
  date: string,
  guest: { name: string; email: string; plate: string },
): Promise<Entity> => {
  const [created] = await caller.json<Entity[]>(
    RESERVE,
    guestRequest(await partiesOf(caller, slotName), date, guest),
  );
  if (created === undefined) {
    throw new Error('no reservation created');
  }
  return created;
};

/**
 * `count` new users `<prefix>-<n>@parkhere.example` who may book NORMAL in the garage of slot `slotName`, each with
 * a car: their clients and their own UserForInput (with its cars), as each would pick it in the form.
 */
export async function racers(server: TestServer, prefix: string, count: number, slotName: string) {
  const emails = Array.from({ length: count }, (_, index) => `${prefix}-${index}@parkhere.example`);
  await sql`INSERT INTO users (email, name, is_normal_reservation)
    SELECT email, 'Racer ' || email, true FROM unnest(${emails}::text[]) AS email`.execute(server.db);
  await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id)
    SELECT u.id, s.parking_garage_id FROM users u, parking_slots s
    WHERE u.email = ANY(${emails}::text[]) AND s.name = ${slotName}`.execute(server.db);
  await sql`INSERT INTO cars (user_id, license_plate, is_favorite)
    SELECT id, 'RACE-' || id, true FROM users WHERE email = ANY(${emails}::text[])`.execute(server.db);
  return Promise.all(
    emails.map(async (email) => {
      const caller: Client = await clientFor(server, email.split('@')[0] as string);
      const [self] = await caller.json<(Entity & { cars: Entity[] })[]>(
        '/services/Actor/usersForInput/~list',
        {
          _mask: '{email,cars{licensePlate}}',
        },
      );
      return { caller, self: self as Entity & { cars: Entity[] } };
    }),
  );
}
