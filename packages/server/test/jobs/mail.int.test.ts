import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReservationType } from '@parkhere/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { scheduleDoormanSummary } from '../../src/modules/doormen/jobs.ts';
import {
  cancelReminder,
  confirmationJob,
  doormanNoticeJob,
  enqueueDeletion,
  enqueueModification,
  scheduleReminder,
} from '../../src/modules/notifications/notifications.ts';
import { createdReservationJobs } from '../../src/modules/notifications/reservation-notifications.ts';
import { noticeFactsOf } from '../../src/modules/reservations/repository.ts';
import type { Executor } from '../../src/platform/db/executor.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { invitationOf } from '../calendar/ical.ts';
import { movableClock, seedReservation, setLocale, useDefaultTemplates, worldOfFile } from '../world.ts';
import { jobRows, readMails, recipientsOf, runAllJobs, startOver } from './inspect.ts';

const NOW = '2026-12-01T08:00:00Z';

type CreatedReservation = {
  id: string;
  reservationType: ReservationType;
  instantNotificateTheDoorman: boolean;
};

/** Queues what a create queues for rows already stored: `createdReservationJobs` of each. */
async function notifyReservationsCreated(
  db: Executor,
  reservations: readonly CreatedReservation[],
  now: Date,
): Promise<void> {
  for (const reservation of reservations) {
    const facts = await noticeFactsOf(db, reservation.id);
    if (facts === undefined) {
      throw new Error(`no reservation ${reservation.id}`);
    }
    const notifyDoorman = reservation.reservationType === 'GUEST' && reservation.instantNotificateTheDoorman;
    for (const job of createdReservationJobs({ ...facts, notifyDoorman }, now)) {
      await enqueue(db, job, now);
    }
  }
}
const USER = 'user@parkhere.example';
const SLOT = 'A-105 / -1 (HQ Garage)';

const time = movableClock(NOW);
const { storage: world, server: jobsApp } = await worldOfFile({
  listen: false,
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
});

describe('notification mail', () => {
  beforeEach(async () => {
    time.set(NOW);
    await startOver(jobsApp.db, world.dataDir);
    await useDefaultTemplates(jobsApp.db);
    await setLocale(jobsApp.db, USER, 'hu-HU');
    await setLocale(jobsApp.db, 'doorman@parkhere.example', 'hu-HU');
  });

  const tomorrow = (extra: Partial<Parameters<typeof seedReservation>[1]> = {}) =>
    seedReservation(jobsApp.db, {
      owner: USER,
      slot: 'A-105',
      date: '2026-12-02',
      start: '09:00',
      end: '17:00',
      ...extra,
    });

  const runAll = () => runAllJobs(jobsApp);

  /** The doormen's summary of `day`, queued and run at 07:00 Budapest time of that day. */
  const summaryOf = async (day: string) => {
    await scheduleDoormanSummary(jobsApp.db, day, 'Europe/Budapest', time.clock());
    time.set(`${day}T06:00:00Z`);
    await runAll();
  };

  it('confirms a reservation from the configured sender with the floor plan inline', async () => {
    mkdirSync(path.join(world.dataDir, 'files'), { recursive: true });
    writeFileSync(path.join(world.dataDir, 'files/plan-a'), Buffer.from('89504e470d0a1a0a', 'hex'));
    await sql`WITH plan AS (
        INSERT INTO files (name, size, content_type, path) VALUES ('plan-a.png', 8, 'image/png', 'files/plan-a')
        RETURNING id)
      UPDATE parking_slots SET floor_plan_id = (SELECT id FROM plan) WHERE name = 'A-105'`.execute(
      jobsApp.db,
    );
    try {
      const id = await tomorrow();
      await enqueue(jobsApp.db, confirmationJob(id), time.clock());
      await runAll();
      const [mail, ...more] = await readMails(world.dataDir);
      expect(more).toEqual([]);
      expect(mail?.from?.address).toBe('parking@parkhere.example');
      expect(mail && recipientsOf(mail)).toEqual([USER]);
      expect(mail?.subject).toBe(`Parkolóhely-foglalás visszaigazolása: 2026. 12. 02. (szerda) ${SLOT}`);
      expect(mail?.html).toContain('Kedves Ulrich User!');
      expect(mail?.html).toContain('09:00 – 17:00');
      expect(mail?.html).toContain('ABC-123');
      expect(mail?.html).toContain('src="cid:floor-plan@parkhere"');
      expect(mail?.text).toContain('Parkolóhely');
      // Beside the floor plan, the reservation's event (test/calendar checks its content).
      expect(mail?.attachments.map((attachment) => attachment.mimeType).sort()).toEqual([
        'application/ics',
        'image/png',
        'text/calendar',
      ]);
      expect(mail?.attachments.find((attachment) => attachment.mimeType === 'image/png')).toMatchObject({
        filename: 'plan-a.png',
        contentId: '<floor-plan@parkhere>',
      });
    } finally {
      await sql`UPDATE parking_slots SET floor_plan_id = NULL WHERE name = 'A-105'`.execute(jobsApp.db);
    }
  });

  const kinds = [
    {
      kind: 'modification',
      hu: 'Parkolóhely-foglalás módosítva',
      en: 'Parking reservation changed',
      send: async (id: string) => {
        await enqueueModification(jobsApp.db, id, 2, time.clock());
      },
    },
    {
      kind: 'deletion',
      hu: 'Parkolóhely-foglalás törölve',
      en: 'Parking reservation deleted',
      send: async (id: string) => {
        await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${id}`.execute(
          jobsApp.db,
        );
        await enqueueDeletion(jobsApp.db, id, time.clock());
      },
    },
    {
      kind: 'reminder',
      hu: 'Emlékeztető: parkolás 2026. 12. 02. (szerda) 09:00',
      en: 'Reminder: parking on Wed, 2 Dec 2026 at 09:00',
      send: async (id: string) => {
        await scheduleReminder(jobsApp.db, await noticeFactsOf(jobsApp.db, id), time.clock());
        time.set('2026-12-02T07:45:00Z');
      },
    },
    {
      kind: 'confirmation',
      hu: 'Parkolóhely-foglalás visszaigazolása',
      en: 'Parking reservation confirmed',
      send: async (id: string) => {
        await enqueue(jobsApp.db, confirmationJob(id), time.clock());
      },
    },
  ] as const;

  for (const locale of ['hu-HU', 'en-US'] as const) {
    for (const { kind, hu, en, send } of kinds) {
      it(`sends the ${kind} mail in ${locale} to the owner`, async () => {
        await setLocale(jobsApp.db, USER, locale);
        const id = await tomorrow();
        await send(id);
        await runAll();
        const mails = await readMails(world.dataDir);
        expect(mails).toHaveLength(1);
        const [mail] = mails;
        expect(mail && recipientsOf(mail)).toEqual([USER]);
        expect(mail?.subject?.startsWith(locale === 'hu-HU' ? hu : en)).toBe(true);
        expect(mail?.html).toContain(locale === 'hu-HU' ? 'Kedves Ulrich User!' : 'Dear Ulrich User,');
        expect(mail?.html).toContain(SLOT);
        expect(mail?.headers.find((header) => header.key === 'content-language')?.value).toBe(locale);
      });
    }

    it(`announces a guest to the garage's doormen in ${locale}, values escaped`, async () => {
      await setLocale(jobsApp.db, 'doorman@parkhere.example', locale);
      const id = await tomorrow({
        type: 'GUEST',
        guest: { name: '<b>Bob & Co</b>', email: 'bob@guest.example', licensePlate: 'GST-001' },
        instantNotificateTheDoorman: true,
      });
      await enqueue(jobsApp.db, doormanNoticeJob(id), time.clock());
      await runAll();
      const [mail, ...more] = await readMails(world.dataDir);
      expect(more).toEqual([]);
      expect(mail && recipientsOf(mail)).toEqual(['doorman@parkhere.example']);
      expect(mail?.subject).toBe(
        locale === 'hu-HU'
          ? 'Vendég érkezik: <b>Bob & Co<\u2215b>, 2026. 12. 02. (szerda) 09:00'
          : 'Guest arriving: <b>Bob & Co<\u2215b>, Wed, 2 Dec 2026 09:00',
      );
      // The name as mails show names (plain-name.ts: a slash is a look-alike), escaped in the HTML.
      expect(mail?.html).toContain('&lt;b&gt;Bob &amp; Co&lt;\u2215b&gt;');
      expect(mail?.html).not.toContain('<b>Bob');
      expect(mail?.html).toContain('GST-001');
    });

    it(`sends the doormen's arrivals of a working day in ${locale}, guests first`, async () => {
      await setLocale(jobsApp.db, 'doorman@parkhere.example', locale);
      await tomorrow({ start: '08:00', end: '12:00' });
      await tomorrow({
        slot: 'A-106',
        start: '10:00',
        end: '11:00',
        type: 'GUEST',
        guest: { name: 'Gina Guest', email: 'gina@guest.example', licensePlate: 'GST-002' },
      });
      await seedReservation(jobsApp.db, {
        owner: 'admin@parkhere.example',
        slot: 'B-005',
        date: '2026-12-02',
        start: '09:00',
        end: '10:00',
      });
      await summaryOf('2026-12-02');
      const [mail, ...more] = await readMails(world.dataDir);
      expect(more).toEqual([]);
      expect(mail && recipientsOf(mail)).toEqual(['doorman@parkhere.example']);
      expect(mail?.subject).toBe(
        locale === 'hu-HU' ? 'Mai érkezők: 2026. 12. 02. (szerda)' : 'Arrivals today: Wed, 2 Dec 2026',
      );
      const html = mail?.html ?? '';
      expect(html.indexOf('Gina Guest')).toBeGreaterThan(-1);
      expect(html.indexOf('Gina Guest')).toBeLessThan(html.indexOf('Ulrich User'));
      // Riverside Garage is not this doorman's.
      expect(html).not.toContain('B-005');
      const next = (await jobRows(jobsApp.db, 'mail.doorman-summary')).filter(
        (row) => row.state === 'pending',
      );
      expect(next.map((row) => row.payload)).toEqual([{ date: '2026-12-03' }]);
    });
  }

  it('sends no arrivals summary on a day off and keeps the chain going', async () => {
    await seedReservation(jobsApp.db, {
      owner: USER,
      slot: 'A-105',
      date: '2026-12-05',
      start: '09:00',
      end: '10:00',
    });
    await summaryOf('2026-12-05');
    expect(await readMails(world.dataDir)).toEqual([]);
    const rows = await jobRows(jobsApp.db, 'mail.doorman-summary');
    expect(rows.map((row) => [row.payload, row.state])).toEqual([
      [{ date: '2026-12-05' }, 'done'],
      [{ date: '2026-12-06' }, 'pending'],
    ]);
  });

  it('lists the owners of assigned slots expected that day, not one on holiday, with no arrival else', async () => {
    const assign = (slot: string, email: string | null) =>
      sql`UPDATE parking_slots SET assigned_to_id = (SELECT id FROM users WHERE email = ${email})
        WHERE name = ${slot}`.execute(jobsApp.db);
    await assign('A-110', USER);
    await assign('A-111', 'admin@parkhere.example');
    await sql`INSERT INTO holidays (user_id, start_date, end_date)
      SELECT id, '2026-12-01', '2026-12-04' FROM users WHERE email = 'admin@parkhere.example'`.execute(
      jobsApp.db,
    );
    try {
      await summaryOf('2026-12-02');
      const [mail, ...more] = await readMails(world.dataDir);
      expect(more).toEqual([]);
      expect(mail && recipientsOf(mail)).toEqual(['doorman@parkhere.example']);
      const owners = (mail?.html ?? '').split('Saját helyükre várhatók:')[1] ?? '';
      expect(owners).toMatch(
        /<td>\d\d:\d\d – \d\d:\d\d<\/td><td>Ulrich User<\/td><td>ABC-123<\/td><td>A-110 /,
      );
      expect(owners).not.toContain('A-111');
    } finally {
      await assign('A-110', null);
      await assign('A-111', null);
      await sql`DELETE FROM holidays WHERE start_date = '2026-12-01' AND end_date = '2026-12-04'`.execute(
        jobsApp.db,
      );
    }
  });

  it('uses the configured templates instead of the defaults', async () => {
    await jobsApp.db
      .updateTable('configuration')
      .set({
        deletionEmailTemplate: '<p>Gone: {{parkingSlotInformation}} on {{date}} for {{recipient.name}}</p>',
      })
      .execute();
    await jobsApp.db
      .updateTable('parkingGarages')
      .set({ emailTemplateOfTheGarage: '<p>HQ says hi, {{reserverName}}: {{startTime}}–{{endTime}}</p>' })
      .where('name', '=', 'HQ Garage')
      .execute();
    const id = await tomorrow();
    await enqueue(jobsApp.db, confirmationJob(id), time.clock());
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${id}`.execute(jobsApp.db);
    await enqueueDeletion(jobsApp.db, id, time.clock());
    await runAll();
    const mails = await readMails(world.dataDir);
    // The confirmation found the reservation deleted already: only the deletion went out.
    expect(mails).toHaveLength(1);
    expect(mails[0]?.html).toContain(`Gone: ${SLOT} on 2026. 12. 02. (szerda) for Ulrich User`);
    expect(mails[0]?.subject).toBe(`Parkolóhely-foglalás törölve: 2026. 12. 02. (szerda) ${SLOT}`);

    const other = await tomorrow({ date: '2026-12-03' });
    await enqueue(jobsApp.db, confirmationJob(other), time.clock());
    await runAll();
    const after = await readMails(world.dataDir);
    expect(after).toHaveLength(2);
    expect(after.some((mail) => mail.html?.includes('HQ says hi, Ulrich User: 09:00–17:00'))).toBe(true);
  });

  it('fails a job whose template is broken, with the reason logged, and dead-letters it', async () => {
    await jobsApp.db
      .updateTable('configuration')
      .set({ reminderEmailTemplate: '<p>{{#each days}}oops</p>' })
      .execute();
    const id = await tomorrow();
    await enqueue(
      jobsApp.db,
      {
        kind: 'mail.reminder',
        payload: { reservationId: id, startsAt: '2026-12-02T08:00:00.000Z' },
        maxAttempts: 2,
      },
      time.clock(),
    );
    await runAll();
    expect(await readMails(world.dataDir)).toEqual([]);
    const [row] = await jobRows(jobsApp.db, 'mail.reminder');
    expect(row).toMatchObject({ state: 'dead', attempts: 2 });
    expect(row?.lastError).toMatch(/^TemplateError: the body template does not compile/);
    expect(
      jobsApp.logs.some((line) => line.includes('dead-lettered') && line.includes('TemplateError')),
    ).toBe(true);
    // The worker lives on: the next job is sent.
    await enqueue(jobsApp.db, confirmationJob(id), time.clock());
    await runAll();
    expect(await readMails(world.dataDir)).toHaveLength(1);
  });

  it('confirms a LONG series once with its days, reminds each day, and tells the doormen of a guest', async () => {
    await setLocale(jobsApp.db, USER, 'en-US');
    const seriesId = randomUUID();
    const days = ['2026-12-02', '2026-12-03', '2026-12-04'];
    const series: CreatedReservation[] = [];
    for (const date of days) {
      series.push({
        id: await tomorrow({ date, type: 'LONG', seriesId, reminder: null }),
        reservationType: 'LONG' as const,
        instantNotificateTheDoorman: false,
      });
    }
    await jobsApp.db.transaction().execute((trx) => notifyReservationsCreated(trx, series, time.clock()));
    // A caller confirming every day of the series still sends one mail.
    for (const { id } of series) {
      await enqueue(jobsApp.db, confirmationJob(id), time.clock());
    }
    const guest = await tomorrow({
      owner: 'admin@parkhere.example',
      slot: 'A-110',
      type: 'GUEST',
      guest: { name: 'Gina Guest', email: 'gina@guest.example', licensePlate: 'GST-002' },
      instantNotificateTheDoorman: true,
    });
    await notifyReservationsCreated(
      jobsApp.db,
      [{ id: guest, reservationType: 'GUEST', instantNotificateTheDoorman: true }],
      time.clock(),
    );
    await runAll();
    const mails = await readMails(world.dataDir);
    const to = (address: string) => mails.filter((mail) => recipientsOf(mail).includes(address));
    expect(to(USER).map((mail) => mail.subject)).toEqual([
      `Parking reservation confirmed: Wed, 2 Dec 2026 – Fri, 4 Dec 2026 ${SLOT}`,
    ]);
    // The days as the web writes them in the owner's language (en-US here).
    expect(to(USER)[0]?.html).toContain('Wed, 2 Dec 2026, Thu, 3 Dec 2026, Fri, 4 Dec 2026');
    // Its invitation carries every day, each the event of its own reservation (as the feed has them).
    expect(invitationOf(to(USER)[0]).events.map((event) => event.startLocal.slice(0, 10))).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(to('admin@parkhere.example')).toHaveLength(1);
    expect(to('doorman@parkhere.example').map((mail) => mail.subject)).toEqual([
      'Vendég érkezik: Gina Guest, 2026. 12. 02. (szerda) 09:00',
    ]);
    const reminders = (await jobRows(jobsApp.db, 'mail.reminder')).map((row) =>
      new Date(row.runAt).toISOString(),
    );
    expect(reminders).toEqual([
      '2026-12-02T08:00:00.000Z',
      '2026-12-03T08:00:00.000Z',
      '2026-12-04T08:00:00.000Z',
      '2026-12-02T07:45:00.000Z',
    ]);
  });

  describe('reminders', () => {
    it('runs reminderBeforeReservation before the start, in the reservation zone', async () => {
      const id = await tomorrow({ reminder: '00:30:00' });
      expect(await scheduleReminder(jobsApp.db, await noticeFactsOf(jobsApp.db, id), time.clock())).toEqual(
        new Date('2026-12-02T07:30:00Z'),
      );
      const [row] = await jobRows(jobsApp.db, 'mail.reminder');
      expect(new Date(row?.runAt ?? 0)).toEqual(new Date('2026-12-02T07:30:00Z'));
      time.set('2026-12-02T07:29:59Z');
      await runAll();
      expect(await readMails(world.dataDir)).toEqual([]);
      time.set('2026-12-02T07:30:00Z');
      await runAll();
      expect(await readMails(world.dataDir)).toHaveLength(1);
    });

    it('keeps to wall-clock time across the autumn change', async () => {
      // 2026-10-25 03:00 CEST becomes 02:00 CET: 09:00 that day is 08:00Z.
      time.set('2026-10-20T08:00:00Z');
      const id = await tomorrow({ date: '2026-10-26', reminder: '01:00:00' });
      expect(await scheduleReminder(jobsApp.db, await noticeFactsOf(jobsApp.db, id), time.clock())).toEqual(
        new Date('2026-10-26T07:00:00Z'),
      );
    });

    it('schedules nothing without sendNotification, and sends nothing for a deleted reservation', async () => {
      const silent = await tomorrow({ sendNotification: false });
      expect(
        await scheduleReminder(jobsApp.db, await noticeFactsOf(jobsApp.db, silent), time.clock()),
      ).toBeNull();

      const id = await tomorrow({ slot: 'A-106', owner: 'admin@parkhere.example' });
      await scheduleReminder(jobsApp.db, await noticeFactsOf(jobsApp.db, id), time.clock());
      await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${id}`.execute(jobsApp.db);
      time.set('2026-12-02T07:45:00Z');
      await runAll();
      expect(await readMails(world.dataDir)).toEqual([]);
      const [row] = await jobRows(jobsApp.db, 'mail.reminder');
      expect(row?.state).toBe('done');
    });

    it('moves with a modification and goes away when cancelled', async () => {
      const id = await tomorrow();
      await scheduleReminder(jobsApp.db, await noticeFactsOf(jobsApp.db, id), time.clock());
      await sql`UPDATE reservations SET start_time = '10:00', during = wall_clock_range(date, '10:00', end_time,
        'Europe/Budapest') WHERE id = ${id}`.execute(jobsApp.db);
      await scheduleReminder(jobsApp.db, await noticeFactsOf(jobsApp.db, id), time.clock());
      const pending = (await jobRows(jobsApp.db, 'mail.reminder')).filter((row) => row.state === 'pending');
      expect(pending.map((row) => new Date(row.runAt))).toEqual([new Date('2026-12-02T08:45:00Z')]);
      expect(await cancelReminder(jobsApp.db, { id })).toBe(1);
      expect(await jobRows(jobsApp.db, 'mail.reminder')).toEqual([]);
    });
  });
});
