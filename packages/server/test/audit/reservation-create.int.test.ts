import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { actors, stampExpression } from '../../src/platform/db/actor-stamp.ts';
import { type Entity, partiesOf, reserve } from '../reservations/forms.ts';
import { userIdOf, workingDayAfter, worldOfFile } from '../world.ts';
import { auditMark, auditSince } from './audit-log.ts';

/*
 * The reservation create stamps its actor inside its one statement (no round trip of its own): on its
 * transaction (a user under a quota) and on its one-statement path (an administrator repeating the parties).
 */

const ADMIN_RESERVE = '/services/ReservationsPanel/reservation';
const { server, db, user, admin } = await worldOfFile({ users: ['user', 'admin'] });
const userActor = `user:${await userIdOf(server, 'user@parkhere.example')}`;
const adminActor = `user:${await userIdOf(server, 'admin@parkhere.example')}`;

describe('the audit log of reservation creates', () => {
  it('records a user’s create with the user as its actor', async () => {
    const mark = await auditMark(db);
    const created = await reserve(user, 'A-120', await workingDayAfter(server, 2), '09:00:00', '10:00:00');
    const entries = await auditSince(db, mark, 'reservations');
    expect(entries).toEqual([
      expect.objectContaining({
        actor: userActor,
        reason: null,
        action: 'INSERT',
        rowId: created.__identifier,
      }),
    ]);
    expect(entries[0]?.after).toMatchObject({ reservation_status: 'ACTIVE', reservation_type: 'NORMAL' });
  });

  it('records an administrator’s creates, the one-statement repeat too, with the administrator', async () => {
    const own = await partiesOf(admin, 'A-115');
    const body = { reservationType: 'NORMAL', startTime: '09:00:00', endTime: '10:00:00', ...own };
    const mark = await auditMark(db);
    const [first] = await admin.json<Entity[]>(ADMIN_RESERVE, {
      ...body,
      date: await workingDayAfter(server, 3),
    });
    const [second] = await admin.json<Entity[]>(ADMIN_RESERVE, {
      ...body,
      date: await workingDayAfter(server, 4),
    });
    expect(
      (await auditSince(db, mark, 'reservations')).map(({ actor, rowId }) => ({ actor, rowId })),
    ).toEqual([
      { actor: adminActor, rowId: first?.__identifier },
      { actor: adminActor, rowId: second?.__identifier },
    ]);
  });

  it('records nothing of a create the slot’s exclusion refuses', async () => {
    const day = await workingDayAfter(server, 5);
    await reserve(admin, 'A-116', day, '11:00:00', '12:00:00');
    const mark = await auditMark(db);
    const own = await partiesOf(user, 'A-116');
    const refused = await user.post('/services/UserReservationPanel/reservation', {
      reservationType: 'NORMAL',
      date: day,
      startTime: '11:30:00',
      endTime: '12:30:00',
      ...own,
    });
    expect(refused.status).toBe(409);
    expect(await auditSince(db, mark)).toEqual([]);
  });

  it('sees a stamp set inside the writing statement itself, and only in that statement’s transaction', async () => {
    const mark = await auditMark(db);
    const stamp = { actor: actors.system('test'), reason: 'in-statement stamp' };
    await sql`WITH stamped AS (SELECT ${stampExpression(stamp)} AS holds)
      UPDATE configuration SET max_days_in_advance = max_days_in_advance + 1
      WHERE (SELECT s.holds FROM stamped s)`.execute(db);
    await sql`UPDATE configuration SET max_days_in_advance = max_days_in_advance - 1`.execute(db);
    expect((await auditSince(db, mark)).map(({ actor, reason }) => ({ actor, reason }))).toEqual([
      { actor: 'system:test', reason: 'in-statement stamp' },
      { actor: 'system', reason: null },
    ]);
  });
});
