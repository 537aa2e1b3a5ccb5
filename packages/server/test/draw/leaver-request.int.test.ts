import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { update } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { expectRefusedDuringLeaving, leavingOf } from '../users/leaving-race.ts';
import { userIdOf } from '../world.ts';
import { drawRequestsOf, drawWorldOfFile, REQUEST, requestBody, TUE, withdraw } from './draw-week.ts';

/*
 * A draw request whose owner leaves while it is being made (issue 27, item 1): the leaving withdraws the
 * owner's pending requests, so one written after its hooks ran would wait in the draw for a leaver. On
 * PostgreSQL only: the leaving holds its transaction open on one connection while the request runs on another
 * (PGlite serves one connection at a time).
 */
const { server, time, quick, admin } = await drawWorldOfFile();
const db = server.db;

describe.skipIf(!process.env.DATABASE_URL)("a draw request racing its owner's leaving", () => {
  it('waits for the leaving to commit, then is refused and leaves no pending request behind', async () => {
    // HQ Garage draws tomorrow (cut-off today at 14:00), so a QUICK request may ask for it: QUICK counts toward
    // no quota, so nothing before the request's insert locks its owner's row.
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      name: [{ operator: 'equal', value: 'HQ Garage' }],
    });
    const settings = { ...garage, drawEnabled: true, drawCutoffWorkingDaysBefore: 1 };
    expect((await update(admin, 'ParkingGarageSettings', garage as Entity, settings)).status).toBe(200);
    const body = await requestBody(quick, TUE, {
      reservationType: 'QUICK',
      startTime: '13:00:00',
      endTime: '14:00:00',
    });
    // One the owner may make while active: made and withdrawn, which leaves room for it again.
    const made = await quick.answer({ method: 'POST', path: REQUEST, body });
    expect(made.status).toBe(200);
    const [request] = await drawRequestsOf(quick);
    const withdrawn = await withdraw(quick, request as Entity);
    expect(withdrawn.status).toBe(200);
    const id = await userIdOf(server, 'quick@parkhere.example');

    await expectRefusedDuringLeaving(
      db,
      leavingOf(server, id, time.clock()),
      () => quick.answer({ method: 'POST', path: REQUEST, body }),
      sql`SELECT count(*) AS count FROM draw_requests WHERE user_id = ${id}::bigint AND draw_status = 'PENDING'`,
    );
  });
});
