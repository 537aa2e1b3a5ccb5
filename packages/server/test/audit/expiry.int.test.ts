import { describe, expect, it } from 'vitest';
import { type ExpiryTask, runExpiry } from '../../src/jobs.ts';
import { movableClock, seedReservation, seedWaitlistEntry, worldOfFile } from '../world.ts';
import { type AuditEntry, auditMark, auditSince } from './audit-log.ts';

/*
 * The app's own minute timer stores what expired outside any job or request: the audit log has its changes as
 * `system:<task>`, each task's in a transaction of its own.
 */

// Tuesday 2026-12-01 in Budapest.
const DAY = '2026-12-01';
const at = (time: string) => `${DAY}T${time}+01:00`;
const time = movableClock(at('08:00:00'));
const { server, db } = await worldOfFile({ clock: time.clock, jobs: { poll: false } });

const summary = (entries: AuditEntry[]) =>
  entries.map(({ table, action, rowId, actor, reason }) => ({ table, action, rowId, actor, reason }));

/** The timer's task run at `clockTime`: how many rows it stored as expired, and the audit log's entries of it. */
const expiryAt = async (task: ExpiryTask, clockTime: string) => {
  time.set(at(clockTime));
  const mark = await auditMark(db);
  const expired = await runExpiry(server.app.database.db, task, time.clock());
  return { expired, entries: await auditSince(db, mark) };
};

describe('the audit log of the expiry timer', () => {
  it('records reservations that ended as stored EXPIRED by system:reservations.expire', async () => {
    const id = await seedReservation(db, {
      owner: 'user@parkhere.example',
      slot: 'A-105',
      date: DAY,
      start: '09:00',
      end: '10:00',
    });
    const { expired, entries } = await expiryAt('reservations.expire', '10:01:00');
    expect(entries).toHaveLength(expired);
    expect(summary(entries)).toContainEqual({
      table: 'reservations',
      action: 'UPDATE',
      rowId: id,
      actor: 'system:reservations.expire',
      reason: null,
    });
    expect(new Set(entries.map((entry) => entry.actor))).toEqual(new Set(['system:reservations.expire']));
    expect(entries.find((entry) => entry.rowId === id)?.after).toMatchObject({
      reservation_status: 'EXPIRED',
    });
  });

  it('records waitlist entries whose start passed as stored EXPIRED by system:waitlist.expire', async () => {
    const id = await seedWaitlistEntry(db, {
      owner: 'user@parkhere.example',
      date: DAY,
      start: '11:00',
      end: '12:00',
    });
    const { expired, entries } = await expiryAt('waitlist.expire', '11:00:00');
    expect(expired).toBe(1);
    expect(summary(entries)).toEqual([
      {
        table: 'waitlist_entries',
        action: 'UPDATE',
        rowId: id,
        actor: 'system:waitlist.expire',
        reason: null,
      },
    ]);
    expect(entries[0]?.after).toMatchObject({ waitlist_status: 'EXPIRED' });
  });
});
