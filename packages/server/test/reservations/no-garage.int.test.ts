import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, partiesOf } from './forms.ts';

/*
 * A user who may reserve in no garage (the demo doorman) is told so (422 NO_GARAGE_ACCESS: an administrator
 * grants access), not that a slot is missing or that every slot is taken.
 */

const RESERVE = '/services/UserReservationPanel/reservation';
const ADMIN_RESERVE = '/services/ReservationsPanel/reservation';
const JOIN = '/services/UserReservationPanel/joinWaitlist';

const { server, admin, user, doorman } = await worldOfFile({ users: ['admin', 'user', 'doorman'] });
const day1 = await workingDayAfter(server, 1);
// A car of the doorman's, so that nothing but the garage stands between them and a QUICK reservation.
await sql`INSERT INTO cars (user_id, license_plate) SELECT id, 'DRM-001' FROM users
  WHERE email = 'doorman@parkhere.example'`.execute(server.db);

const [doormanForInput] = await doorman.json<Entity[]>('/services/Actor/usersForInput/~list', {});
const request = (extra: Record<string, unknown> = {}) => ({
  reservationType: 'QUICK',
  date: day1,
  startTime: '09:00:00',
  endTime: '10:00:00',
  user: doormanForInput,
  ...extra,
});
const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;

describe('a user without garage access', () => {
  it('is offered no slot and no garage to wait in', async () => {
    const owner = { user: doormanForInput, date: day1, startTime: '09:00:00', endTime: '10:00:00' };
    for (const range of ['parkingSlot', 'parkingGarage']) {
      expect(
        await doorman.json<Entity[]>(`/services/ReservationInput/${range}/~range`, {
          owner,
          queryCustomizer: {},
        }),
      ).toEqual([]);
    }
  });

  it('is answered 422 NO_GARAGE_ACCESS for a reservation with a slot signed for somebody else', async () => {
    const { parkingSlot } = await partiesOf(user, 'A-110');
    const refused = await doorman.post(RESERVE, request({ parkingSlot }));
    expect(refused.status).toBe(422);
    expect(await codeOf(refused)).toBe('NO_GARAGE_ACCESS');
  });

  it('is answered 422 NO_GARAGE_ACCESS joining the waitlist for any garage', async () => {
    const refused = await doorman.post(JOIN, request());
    expect(refused.status).toBe(422);
    expect(await codeOf(refused)).toBe('NO_GARAGE_ACCESS');
  });

  it('does not hold back an administrator reserving any slot for them', async () => {
    const [forDoorman] = await admin.json<Entity[]>('/services/Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'doorman@parkhere.example' }],
    });
    // The form offers the user's slots only; the API takes any active slot from an administrator.
    const { car } = await partiesOf(admin, 'A-111', 'doorman@parkhere.example');
    const { parkingSlot } = await partiesOf(admin, 'A-111', 'admin@parkhere.example');
    const response = await admin.post(ADMIN_RESERVE, request({ user: forDoorman, car, parkingSlot }));
    expect(response.status).toBe(200);
  });

  it('leaves a user with access told about the missing slot itself', async () => {
    const { user: self, car } = await partiesOf(user, 'A-112');
    const refused = await user.post(RESERVE, request({ reservationType: 'NORMAL', user: self, car }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual([
      expect.objectContaining({ code: 'MISSING_REQUIRED_ATTRIBUTE', location: 'parkingSlot' }),
    ]);
  });
});
