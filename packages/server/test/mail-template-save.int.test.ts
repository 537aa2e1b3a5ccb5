import { BUSINESS_FAULT_NAME, headers } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { update, withId } from './client.ts';
import type { Entity } from './reservations/forms.ts';
import { worldOfFile } from './world.ts';

/*
 * Issue 25 N7: a mail template that does not compile, or reaches for what the mails do not offer (partials,
 * helpers, a loop inside a loop that multiplies the arrivals), is refused when it is saved — 422
 * INVALID_MAIL_TEMPLATE with the attribute, line and column — and nothing is stored, instead of being found
 * by a mail job that fails five times and dies.
 */

const { server, admin } = await worldOfFile({ users: ['admin'] });

const configuration = () =>
  admin.json<Entity>('/services/Actor/configurationSettings/~get', {
    _mask: '{reminderEmailTemplate,doormanEmailTemplate}',
  });

const refused = async (response: Response) => {
  expect(response.status).toBe(422);
  expect(response.headers.get(headers.fault)).toBe(BUSINESS_FAULT_NAME);
  const body = (await response.json()) as {
    code: string;
    details: { attribute: string; line: number; column: number };
    [BUSINESS_FAULT_NAME]: { errorCode: string; message: string };
  };
  expect(body.code).toBe('INVALID_MAIL_TEMPLATE');
  expect(body[BUSINESS_FAULT_NAME].errorCode).toBe('INVALID_MAIL_TEMPLATE');
  return { ...body.details, message: body[BUSINESS_FAULT_NAME].message };
};

const updateSettings = async (values: Record<string, unknown>) => {
  const before = await configuration();
  return admin.post('/services/ConfigurationSettings/~update', values, withId(before.__signedIdentifier));
};

describe('a mail template is checked when it is saved', () => {
  it.each([
    {
      why: 'a block that is never closed',
      template: '<p>Dear {{recipient.name}},</p>\n<p>{{#each reservations}}{{slot}}</p>',
      // Where the text ends, still waiting for {{/each}}.
      line: 2,
      column: 38,
      says: /does not compile at line 2, column 38: Expecting .*got 'EOF'/,
    },
    {
      why: 'a block closed by another',
      template: '<p>\n  {{#if reservation.isGuest}}guest{{/each}}</p>',
      // At the name of the block the closing one does not match.
      line: 2,
      column: 6,
      says: /if doesn't match each/,
    },
    { why: 'a partial', template: '<p>Hi</p>\n\n  {{> header}}', line: 3, column: 3, says: /partial/ },
    {
      why: 'a helper',
      template: '<p>{{log reservation.guestName}}</p>',
      line: 1,
      column: 4,
      says: /helper "log"/,
    },
    {
      why: 'a loop inside a loop',
      template: '{{#each reservations}}\n  <p>{{#each ../reservations}}{{slot}}{{/each}}</p>\n{{/each}}',
      line: 2,
      column: 6,
      says: /loop inside a loop/,
    },
    { why: 'a block no mail offers', template: '{{#raw}}{{date}}{{/raw}}', line: 1, column: 1, says: /#raw/ },
  ])('refuses $why with its line and column, storing nothing', async ({ template, line, column, says }) => {
    const before = await configuration();
    const problem = await refused(await updateSettings({ doormanEmailTemplate: template }));
    expect(problem).toMatchObject({ attribute: 'doormanEmailTemplate', line, column });
    expect(problem.message).toMatch(says);
    expect(problem.message).toContain(`line ${line}, column ${column}`);
    expect(await configuration()).toEqual(before);
  });

  it('refuses it on the dry run (~validate) as on the save', async () => {
    const before = await configuration();
    const response = await update(
      admin,
      'ConfigurationSettings',
      before,
      { reminderEmailTemplate: '{{#if date}}' },
      '~validate',
    );
    expect(await refused(response)).toMatchObject({ attribute: 'reminderEmailTemplate', line: 1 });
  });

  it('refuses a garage created or changed with one, and creates or changes nothing', async () => {
    const garages = async () =>
      Number(
        (await sql<{ count: string }>`SELECT count(*) AS count FROM parking_garages`.execute(server.db))
          .rows[0]?.count,
      );
    const count = await garages();
    const create = await admin.post('/services/Actor/~update/parkingGarages/~create', {
      name: 'Template Garage',
      emailTemplateOfTheGarage: '<p>{{> confirmation}}</p>',
    });
    expect(await refused(create)).toMatchObject({
      attribute: 'emailTemplateOfTheGarage',
      line: 1,
      column: 4,
    });
    expect(await garages()).toBe(count);

    const garage = await admin.json<Entity>('/services/Actor/~update/parkingGarages/~create', {
      name: 'Template Garage',
      emailTemplateOfTheGarage: '<p>{{reserverName}} on {{date}}</p>',
    });
    const changed = await update(admin, 'ParkingGarageSettings', garage, {
      emailTemplateOfTheGarage: '<p>{{reserverName}}\n{{#with reservation}}</p>',
    });
    expect(await refused(changed)).toMatchObject({ attribute: 'emailTemplateOfTheGarage', line: 2 });
    const [stored] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      name: [{ operator: 'equal', value: 'Template Garage' }],
      _mask: '{emailTemplateOfTheGarage}',
    });
    expect(stored?.emailTemplateOfTheGarage).toBe('<p>{{reserverName}} on {{date}}</p>');
  });

  it('stores a template that only uses what the mails offer, and a blank one (the built-in mail)', async () => {
    const template =
      '<p>{{#if reservations}}Today:{{else}}Nobody{{/if}}</p>\n{{#each reservations}}<p>{{startTime}} {{reserverName}}{{#if isGuest}} (guest){{/if}}{{#unless @last}},{{/unless}}</p>{{/each}}\n{{#with reservation}}{{slot}}{{/with}}{{! a comment }}';
    const saved = await updateSettings({ doormanEmailTemplate: template, reminderEmailTemplate: '' });
    expect(saved.status).toBe(200);
    expect(await configuration()).toMatchObject({
      doormanEmailTemplate: template,
      reminderEmailTemplate: '',
    });
  });
});
