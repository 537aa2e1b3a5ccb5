import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, reserve as reserveAs } from './forms.ts';

const reserve = (slotName: string, startTime: string, endTime: string, date = day1) =>
  reserveAs(user, slotName, date, startTime, endTime);

const { server, user, quick } = await worldOfFile({ users: ['user', 'quick'] });
const day1 = await workingDayAfter(server, 1);

describe('delete, cancel, modify', () => {
  it('deletes a future reservation once; others get 404', async () => {
    const created = await reserve('A-115', '09:00:00', '10:00:00');
    const path = '/services/UserReservation/deleteReservation';
    expect((await quick.post(path, undefined, withId(created.__signedIdentifier))).status).toBe(404);
    expect((await user.post(path, undefined, withId(created.__signedIdentifier))).status).toBe(200);
    // Deleted, it is no longer the version that identifier names (issue 25, N14): refused as stale.
    const again = await user.post(path, undefined, withId(created.__signedIdentifier));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const jobs = await sql<{ kind: string }>`SELECT kind FROM jobs
      WHERE payload->>'reservationId' = ${created.__identifier} AND kind = 'mail.deletion'`.execute(
      server.app.database.db,
    );
    expect(jobs.rows).toHaveLength(1);
  });

  it('modifies the times under the same rules; a conflict is 409', async () => {
    const first = await reserve('A-116', '09:00:00', '10:00:00');
    const second = await reserve('A-116', '11:00:00', '12:00:00');
    const path = '/services/UserReservation/modificateReservation';
    const moved = await user.json<Entity>(
      path,
      { startTime: '09:00:00', endTime: '10:30:00' },
      withId(first.__signedIdentifier),
    );
    expect(moved).toMatchObject({ startTime: '09:00:00', endTime: '10:30:00' });
    const clash = await user.post(
      path,
      { startTime: '10:00:00', endTime: '11:30:00' },
      withId(second.__signedIdentifier),
    );
    expect(clash.status).toBe(409);
    const short = await user.post(
      path,
      { startTime: '11:00:00', endTime: '11:10:00' },
      withId(second.__signedIdentifier),
    );
    expect(short.status).toBe(400);
  });

  it('a future reservation cannot be cancelled (422)', async () => {
    const created = await reserve('A-117', '14:00:00', '15:00:00');
    const refused = await user.post(
      '/services/UserReservation/cancelReservation',
      undefined,
      withId(created.__signedIdentifier),
    );
    expect(refused.status).toBe(422);
  });
});

describe('holidays', () => {
  it('previews and deletes the user’s reservations on the holiday’s dates', async () => {
    const created = await reserve('A-118', '13:00:00', '14:00:00');
    const [self] = await user.json<Entity[]>('/services/Actor/usersForInput/~list', {});
    const body = { startDate: day1, endDate: day1, user: self };
    const preview = await user.json<{ reservations: Entity[] }>(
      '/services/UserForInput/queryReservationsForHoliday',
      body,
    );
    expect(preview.reservations.map((reservation) => reservation.__identifier)).toContain(
      created.__identifier,
    );
    const holiday = await user.json<Entity>('/services/HolidayPanel/holiday', body);
    expect(holiday).toMatchObject({ startDate: day1, endDate: day1 });
    const status = await sql<{ status: string }>`SELECT reservation_status AS status FROM reservations
      WHERE id = ${created.__identifier}`.execute(server.app.database.db);
    expect(status.rows[0]?.status).toBe('DELETED');
    // Overlapping holiday: 400 on startDate; in the past: 400.
    expect((await user.post('/services/HolidayPanel/holiday', body)).status).toBe(400);
    expect(
      (
        await user.post('/services/HolidayPanel/holiday', {
          ...body,
          startDate: '2020-01-01',
          endDate: '2020-01-02',
        })
      ).status,
    ).toBe(400);
  });
});
