import { BUSINESS_FAULT_NAME, TEMPLATE_MAX_LENGTH } from '@parkhere/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { confirmationJob, scheduleReminder } from '../../src/modules/notifications/notifications.ts';
import { noticeFactsOf } from '../../src/modules/reservations/repository.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { withId } from '../client.ts';
import type { Entity } from '../reservations/forms.ts';
import { movableClock, seedReservation, setLocale, useDefaultTemplates, worldOfFile } from '../world.ts';
import { mailsTo, runAllJobs, startOver } from './inspect.ts';

/*
 * Issue 31 §3: mail templates per language. Each administrators' template has a Hungarian text (the attribute
 * itself, as the templates written before were) and an English one (`…En`); a mail is written in its recipient's
 * language, the built-in body of that language where that language's text is empty, and Hungarian for a user
 * who has no language.
 */

const NOW = '2026-12-01T08:00:00Z';
const time = movableClock(NOW);
const {
  storage: world,
  server,
  admin,
} = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
  users: ['admin'],
});
const db = server.db;

const HU = 'user@parkhere.example';
const EN = 'quick@parkhere.example';
const NONE = 'doorman@parkhere.example';

const configuration = () =>
  admin.json<Entity>('/services/Actor/configurationSettings/~get', {
    _mask: '{reminderEmailTemplate,reminderEmailTemplateEn}',
  });

const saveSettings = async (values: Record<string, unknown>) =>
  admin.post(
    '/services/ConfigurationSettings/~update',
    values,
    withId((await configuration()).__signedIdentifier),
  );

/** Each owner's reminder of a reservation on `date` at 09:00, sent: the mail each one got. */
async function remindersOf(owners: readonly string[], date: string) {
  for (const [index, owner] of owners.entries()) {
    const id = await seedReservation(db, {
      owner,
      slot: `A-10${index + 3}`,
      date,
      start: '09:00',
      end: '17:00',
    });
    await scheduleReminder(db, await noticeFactsOf(db, id), time.clock());
  }
  time.set(`${date}T07:45:00Z`);
  await runAllJobs(server);
  return Promise.all(owners.map(async (owner) => (await mailsTo(world.dataDir, owner)).at(-1)));
}

beforeEach(async () => {
  time.set(NOW);
  await startOver(db, world.dataDir);
  await useDefaultTemplates(db);
  await setLocale(db, HU, 'hu-HU');
  await setLocale(db, EN, 'en-US');
  await sql`UPDATE users SET locale = NULL WHERE email = ${NONE}`.execute(db);
});

describe('mail templates per language', () => {
  it('stores a Hungarian and an English text, each checked as a template when it is saved', async () => {
    const saved = await saveSettings({
      reminderEmailTemplate: '<p>Holnap: {{date}}</p>',
      reminderEmailTemplateEn: '<p>Tomorrow: {{date}}</p>',
    });
    expect(saved.status).toBe(200);
    expect(await configuration()).toMatchObject({
      reminderEmailTemplate: '<p>Holnap: {{date}}</p>',
      reminderEmailTemplateEn: '<p>Tomorrow: {{date}}</p>',
    });

    // The English text is refused for what the Hungarian would be, naming its own attribute.
    const broken = await saveSettings({ reminderEmailTemplateEn: '<p>Hi</p>\n{{> header}}' });
    expect(broken.status).toBe(422);
    const fault = (await broken.json()) as { code: string; details: Record<string, unknown> };
    expect(fault.code).toBe('INVALID_MAIL_TEMPLATE');
    expect(fault.details).toMatchObject({ attribute: 'reminderEmailTemplateEn', line: 2, column: 1 });
    expect(broken.headers.get('x-fault')).toBe(BUSINESS_FAULT_NAME);

    // A huge text is refused at its own attribute, and the stored texts stay.
    const huge = await saveSettings({ reminderEmailTemplateEn: `<p>${'x'.repeat(TEMPLATE_MAX_LENGTH)}</p>` });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual([
      expect.objectContaining({ code: 'MAX_LENGTH_VALIDATION_FAILED', location: 'reminderEmailTemplateEn' }),
    ]);
    expect(await configuration()).toMatchObject({ reminderEmailTemplateEn: '<p>Tomorrow: {{date}}</p>' });
  });

  it('writes each mail in its recipient’s language; Hungarian for a user without one', async () => {
    await db
      .updateTable('configuration')
      .set({
        // An unknown placeholder renders as nothing, in either language, as it did before.
        reminderEmailTemplate: '<p>Magyar emlékeztető: {{date}}{{nincsIlyen}}.</p>',
        reminderEmailTemplateEn: '<p>English reminder: {{date}}{{noSuchValue}}.</p>',
      })
      .execute();
    const [hu, en, none] = await remindersOf([HU, EN, NONE], '2026-12-02');
    expect(hu?.html).toContain('<p>Magyar emlékeztető: 2026. 12. 02. (szerda).</p>');
    expect(hu?.subject).toMatch(/^Emlékeztető: parkolás/);
    expect(en?.html).toContain('<p>English reminder: Wed, 2 Dec 2026.</p>');
    expect(en?.subject).toMatch(/^Reminder: parking on/);
    expect(none?.html).toContain('<p>Magyar emlékeztető: 2026. 12. 02. (szerda).</p>');
    expect(none?.headers.find((header) => header.key === 'content-language')?.value).toBe('hu-HU');
  });

  it('uses the built-in body of the language whose text is empty or blank', async () => {
    await db
      .updateTable('configuration')
      .set({ reminderEmailTemplate: null, reminderEmailTemplateEn: ' \n\t ' })
      .execute();
    const [hu, en] = await remindersOf([HU, EN], '2026-12-03');
    expect(hu?.html).toContain('Kedves Ulrich User!');
    expect(en?.html).toContain('Dear Quentin Quick,');

    await startOver(db, world.dataDir);
    time.set(NOW);
    await db
      .updateTable('configuration')
      .set({ reminderEmailTemplate: '<p>Csak magyarul.</p>', reminderEmailTemplateEn: '' })
      .execute();
    const [huAgain, enAgain] = await remindersOf([HU, EN], '2026-12-04');
    expect(huAgain?.html).toContain('<p>Csak magyarul.</p>');
    expect(enAgain?.html).not.toContain('Csak magyarul');
    expect(enAgain?.html).toContain('Dear Quentin Quick,');
  });

  it('confirms with the garage’s template of the owner’s language', async () => {
    await db
      .updateTable('parkingGarages')
      .set({
        emailTemplateOfTheGarage: '<p>A HQ várja, {{recipient.name}}!</p>',
        emailTemplateOfTheGarageEn: '<p>HQ awaits you, {{recipient.name}}.</p>',
      })
      .where('name', '=', 'HQ Garage')
      .execute();
    for (const [owner, slot] of [
      [HU, 'A-103'],
      [EN, 'A-104'],
    ] as const) {
      const id = await seedReservation(db, { owner, slot, date: '2026-12-07', start: '09:00', end: '17:00' });
      await enqueue(db, confirmationJob(id), time.clock());
    }
    await runAllJobs(server);
    expect((await mailsTo(world.dataDir, HU)).map((mail) => mail.html)).toEqual([
      expect.stringContaining('<p>A HQ várja, Ulrich User!</p>'),
    ]);
    expect((await mailsTo(world.dataDir, EN)).map((mail) => mail.html)).toEqual([
      expect.stringContaining('<p>HQ awaits you, Quentin Quick.</p>'),
    ]);
  });
});
