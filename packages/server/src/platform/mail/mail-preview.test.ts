import type { Locale, MailTemplateField } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_FIELD_KINDS } from '../../mail-kinds.ts';
import { mailPreview } from './mail-preview.ts';

/* Issue 14.26: a template's preview is the mail it makes, on sample data, with the placeholders that mail has. */

const shared = { appUrl: 'https://parkhere.example', contactEmail: 'facilities@parkhere.example' };
/** What the administrators' preview answers for `template` as the body of `field`'s mail in `locale`. */
const previewOf = (field: MailTemplateField, template: string, locale: Locale = 'en-US') =>
  mailPreview(TEMPLATE_FIELD_KINDS)({ field, template, locale }, shared);
const GARAGE =
  '<p>Dear {{recipient.name}},</p><p>your parking slot {{parkingSlotInformation}} is reserved on {{date}} from {{startTime}} to {{endTime}}.</p>';

describe('the mail template preview', () => {
  it('renders the garage template on sample data in English, with no placeholder left', () => {
    const preview = previewOf('emailTemplateOfTheGarage', GARAGE);
    expect(preview.error).toBeNull();
    expect(preview.builtIn).toBe(false);
    expect(preview.subject).toBe('Parking reservation confirmed: Wed, 2 Dec 2026 A-105 / -1 (HQ Garage)');
    expect(preview.html).toBe(
      '<p>Dear Kiss Anna,</p><p>your parking slot A-105 / -1 (HQ Garage) is reserved on Wed, 2 Dec 2026 from 08:30 to 16:30.</p>',
    );
    expect(preview.unknown).toEqual([]);
  });

  it('and in Hungarian, the same template with Hungarian dates and subject', () => {
    const preview = previewOf('emailTemplateOfTheGarage', GARAGE, 'hu-HU');
    expect(preview.subject).toBe(
      'Parkolóhely-foglalás visszaigazolása: 2026. 12. 02. (szerda) A-105 / -1 (HQ Garage)',
    );
    expect(preview.html).toContain('reserved on 2026. 12. 02. (szerda) from 08:30 to 16:30');
  });

  it('shows the built-in mail of the language when the template is blank', () => {
    const hu = previewOf('reminderEmailTemplate', '  ', 'hu-HU');
    expect(hu.builtIn).toBe(true);
    expect(hu.subject).toBe('Emlékeztető: parkolás 2026. 12. 02. (szerda) 08:30, A-105 / -1 (HQ Garage)');
    expect(hu.html).toContain('<p>Kedves Kiss Anna!</p><p>Hamarosan kezdődik a foglalása:</p>');
    const en = previewOf('doormanEmailTemplate', '');
    expect(en.subject).toBe('Arrivals today: Wed, 2 Dec 2026');
    expect(en.html).toContain('Nagy Péter (guest)');
    expect(en.html).toContain('Szabó Gábor');
  });

  it('lists the placeholders of that mail with what each is and its sample value', () => {
    const { placeholders } = previewOf('emailTemplateOfTheGarage', '');
    const byName = new Map(placeholders.map((placeholder) => [placeholder.name, placeholder]));
    expect(byName.get('recipient.name')).toEqual({
      name: 'recipient.name',
      description: 'Name of the person the mail goes to',
      example: 'Kiss Anna',
    });
    expect(byName.get('date')?.example).toBe('Wed, 2 Dec 2026');
    expect(byName.get('checkIn.opensAt')?.example).toBe('08:15');
    // The doormen's mail has the arrivals, not one reservation's check-in.
    const doormen = previewOf('doormanEmailTemplate', '', 'hu-HU');
    expect(doormen.placeholders.map((placeholder) => placeholder.name)).toEqual([
      'recipient.name',
      'recipient.email',
      'date',
      'garageName',
      'arrivals',
      'reservations',
      'expectedOwners',
      'appUrl',
      'contactEmail',
    ]);
    expect(doormen.placeholders[0]?.description).toBe('A címzett neve');
  });

  it('names the placeholders the mail does not have', () => {
    const preview = previewOf(
      'doormanEmailTemplate',
      '{{car.plate}} {{#each reservations}}{{startTime}} {{reserverName}}{{/each}} {{#if date}}{{garageName}}{{/if}} {{recipient}}',
    );
    expect(preview.unknown).toEqual(['car.plate']);
  });

  it('sanitises what the template writes: no script, handler or frame reaches the screen', () => {
    const preview = previewOf(
      'deletionEmailTemplate',
      '<p onclick="steal()">Gone {{date}}</p><script>alert(1)</script><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">x</a><img src="cid:{{floorPlanCid}}" onerror="x()">',
    );
    expect(preview.html).toBe('<p>Gone Wed, 2 Dec 2026</p><a>x</a><img src="cid:" />');
  });

  it('says why a template that does not compile cannot be previewed', () => {
    const preview = previewOf('reminderEmailTemplate', '{{#each days}}oops');
    expect(preview.error).toMatch(/^the body template does not compile/);
    expect(preview.html).toBe('');
  });
});
