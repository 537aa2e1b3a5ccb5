import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCheckInLinks } from '../../src/modules/check-in/index.ts';
import { loadSigningSecret } from '../../src/platform/http/signed-identifier.ts';
import { bearer, mintToken } from '../tokens.ts';
import { movableClock, seedReservation, userIdOf, usersWorkingDay, worldOfFile } from '../world.ts';
import { auditMark, auditSince } from './audit-log.ts';

/*
 * The entry points outside the engine stamp their writes too: sign-in provisioning (the provider's account,
 * then the user), the mail's check-in link (no sign-in), the calendar feed's settings and the file upload.
 */

// Tuesday 2026-12-01 in Budapest: a reservation 09:00–17:00 checks in from 08:45 until 09:30.
const DAY = '2026-12-01';
const at = (time: string) => `${DAY}T${time}+01:00`;
const time = movableClock(at('08:00:00'));
const { server, db, user, admin } = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false },
  users: ['user', 'admin'],
});
const userActor = `user:${await userIdOf(server, 'user@parkhere.example')}`;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

describe('the audit log of the entry points outside the engine', () => {
  it('records a first sign-in’s user and binding as the provider’s account’s, then its language as the user’s', async () => {
    const mark = await auditMark(db);
    const token = await mintToken(server, { login: 'newcomer' });
    const answer = await fetch(`${server.url}/api/services/Actor/~principal`, {
      headers: { ...bearer(token), 'Accept-Language': 'en-US' },
    });
    expect(answer.status).toBe(200);
    const newcomer = await userIdOf(server, 'newcomer@parkhere.example');
    const account = `sign-in:${server.config.identity.issuer}#newcomer`;
    const entries = await auditSince(db, mark);
    expect(entries.map(({ table, action, actor, reason }) => ({ table, action, actor, reason }))).toEqual([
      { table: 'users', action: 'INSERT', actor: account, reason: 'first sign-in' },
      { table: 'user_identities', action: 'INSERT', actor: account, reason: 'first sign-in' },
      { table: 'users', action: 'UPDATE', actor: `user:${newcomer}`, reason: 'app language' },
    ]);
    expect(entries[0]).toMatchObject({ rowId: newcomer, after: { email: 'newcomer@parkhere.example' } });
    expect(entries[1]?.rowId).toBe(`${server.config.identity.issuer},newcomer`);
    expect(entries[2]).toMatchObject({ before: { locale: 'hu-HU' }, after: { locale: 'en-US' } });
  });

  it('records a check-in through the mail’s link as the link’s', async () => {
    await sql`UPDATE parking_garages SET check_in_required = true WHERE name = 'HQ Garage'`.execute(db);
    const id = await seedReservation(db, usersWorkingDay('A-105', DAY));
    const links = createCheckInLinks(loadSigningSecret(server.app.config.signingSecret), server.url);
    time.set(at('09:00:00'));
    const mark = await auditMark(db);
    const answer = await fetch(links.url(id, new Date(at('09:30:00'))), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(answer.status).toBe(200);
    const entries = await auditSince(db, mark);
    expect(entries).toEqual([
      expect.objectContaining({
        table: 'reservations',
        action: 'UPDATE',
        rowId: id,
        actor: `check-in-link:${id}`,
      }),
    ]);
    expect(entries[0]?.after).toMatchObject({ checked_in_by: 'mail-link' });
  });

  it('records turning the calendar feed on, a new address and turning it off as the user’s', async () => {
    const mark = await auditMark(db);
    expect((await user.post('/calendar-feed')).status).toBe(200);
    expect((await user.post('/calendar-feed/~reset')).status).toBe(200);
    expect((await user.answer({ method: 'DELETE' as 'POST', path: '/calendar-feed' })).status).toBe(200);
    const entries = await auditSince(db, mark, 'calendar_feeds');
    expect(entries.map(({ action, actor }) => ({ action, actor }))).toEqual([
      { action: 'INSERT', actor: userActor },
      { action: 'UPDATE', actor: userActor },
      { action: 'UPDATE', actor: userActor },
    ]);
    expect(entries.map((entry) => entry.after?.enabled)).toEqual([true, undefined, false]);
  });

  it('records an upload as the uploader’s, without the file’s bytes', async () => {
    const issued = await admin.post('/services/ParkingSlotSettings/floorPlan/~upload-token');
    expect(issued.status).toBe(200);
    const { token } = (await issued.json()) as { token: string };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'plan.png');
    const mark = await auditMark(db);
    const uploaded = await fetch(`${server.url}/ParkHere/upload`, {
      method: 'POST',
      headers: { 'X-Token': token, ...bearer(admin.token) },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const entries = await auditSince(db, mark);
    const adminActor = `user:${await userIdOf(server, 'admin@parkhere.example')}`;
    expect(entries).toEqual([
      expect.objectContaining({ table: 'files', action: 'INSERT', actor: adminActor }),
    ]);
    expect(entries[0]?.after).toMatchObject({
      name: 'plan.png',
      size: PNG.length,
      content_type: 'image/png',
    });
    expect(Object.keys(entries[0]?.after ?? {})).not.toContain('content');
  });
});
