import { MAIL_PREVIEW_PATH, type MailPreview, TEMPLATE_MAX_LENGTH } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { worldOfFile } from './world.ts';

/*
 * Issue 14.26 over HTTP: administrators preview the mail a template makes (the demo garage's confirmation
 * here), rendered by the server on sample data; nobody else may, and a body that is not a preview request
 * is refused by what is wrong with it.
 */

const PATH = `/${MAIL_PREVIEW_PATH}`;
const { admin, user, anonymous } = await worldOfFile({ users: ['admin', 'user'] });

describe('POST /api/mail-templates/~preview', () => {
  it('renders the garage confirmation an administrator is editing, in the language asked for', async () => {
    const template =
      '<p>Dear {{recipient.name}},</p><p>{{parkingSlotInformation}} on {{date}} for {{car.plate}}</p>';
    const en = await admin.json<MailPreview>(PATH, {
      field: 'emailTemplateOfTheGarage',
      template,
      locale: 'en-US',
    });
    expect(en.subject).toBe('Parking reservation confirmed: Wed, 2 Dec 2026 A-105 / -1 (HQ Garage)');
    expect(en.html).toBe('<p>Dear Kiss Anna,</p><p>A-105 / -1 (HQ Garage) on Wed, 2 Dec 2026 for </p>');
    expect(en.unknown).toEqual(['car.plate']);
    expect(en.placeholders.map((placeholder) => placeholder.name)).toContain('reserverName');
    const hu = await admin.json<MailPreview>(PATH, {
      field: 'emailTemplateOfTheGarage',
      template: '',
      locale: 'hu-HU',
    });
    expect(hu.builtIn).toBe(true);
    expect(hu.html).toContain('<p>Kedves Kiss Anna!</p><p>Foglalását rögzítettük.</p>');
  });

  it('shows the doormen’s sample arrivals as their mail does: times without seconds, each on its own slot', async () => {
    const preview = await admin.json<MailPreview>(PATH, {
      field: 'doormanEmailTemplate',
      template: '{{#each arrivals}}<p>{{this}}</p>{{/each}}',
      locale: 'en-US',
    });
    expect(preview.error).toBeNull();
    const lines = [...preview.html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1] ?? '');
    expect(lines).toEqual([
      '08:30–16:30 Nagy Péter NPX-482 A-106 / -1 (HQ Garage)',
      '07:45–16:00 Kiss Anna ABC-123 A-105 / -1 (HQ Garage)',
      '09:00–17:30 Szabó Gábor KLM-908 A-112 / -1 (HQ Garage)',
      // The owner of an assigned slot, expected on it.
      '08:00–16:30 Kovács Anna AKA-417 A-101 / -1 (HQ Garage)',
    ]);
    const builtIn = await admin.json<MailPreview>(PATH, {
      field: 'doormanEmailTemplate',
      template: '',
      locale: 'hu-HU',
    });
    expect(builtIn.html).toContain('08:30 – 16:30');
    expect(`${builtIn.html} ${builtIn.placeholders.map((one) => one.example).join(' ')}`).not.toMatch(
      /\d\d:\d\d:\d\d/,
    );
  });

  it('is for administrators only', async () => {
    const body = { field: 'deletionEmailTemplate', template: '<p>{{date}}</p>', locale: 'en-US' };
    expect((await user.post(PATH, body)).status).toBe(403);
    expect((await anonymous.post(PATH, body)).status).toBe(401);
  });

  it('refuses what is not a preview request, saying which field is wrong', async () => {
    const refused = async (body: unknown) => {
      const answer = await admin.answer({ method: 'POST', path: PATH, body });
      expect(answer.status).toBe(400);
      return (answer.body as { code: string; location: string }[]).map(
        (item) => `${item.location}:${item.code}`,
      );
    };
    expect(await refused({ field: 'passwordTemplate', template: '', locale: 'en-US' })).toEqual([
      'field:NOT_ACCEPTED_BY_RANGE',
    ]);
    expect(await refused({ field: 'reminderEmailTemplate', template: 42 })).toEqual([
      'locale:MISSING_REQUIRED_ATTRIBUTE',
      'template:CONVERSION_FAILED',
    ]);
    expect(
      await refused({
        field: 'reminderEmailTemplate',
        template: 'x'.repeat(TEMPLATE_MAX_LENGTH + 1),
        locale: 'de-DE',
      }),
    ).toEqual(['locale:NOT_ACCEPTED_BY_RANGE', 'template:MAX_LENGTH_VALIDATION_FAILED']);
    expect(await refused(null)).toHaveLength(3);
  });
});
