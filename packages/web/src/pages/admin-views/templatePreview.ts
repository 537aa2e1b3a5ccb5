/*
 * A preview of a mail template in the browser without a template engine: `{{path}}` placeholders take sample
 * values and block tags are dropped. The result is shown as plain text, never as HTML, so nothing an
 * administrator types can run in the page.
 */

export type SampleData = Readonly<Record<string, unknown>>;

/** What the server's mails offer their templates (packages/server/src/platform/mail), with believable values. */
export const SAMPLE_MAIL_DATA: SampleData = {
  recipient: { name: 'Kiss Anna' },
  reservation: {
    date: '2026-11-23',
    startTime: '08:30',
    endTime: '16:30',
    slot: 'A-012 / -1 (Central Garage)',
    typeLabel: 'Normal',
    ownerName: 'Kiss Anna',
    guestName: 'Nagy Péter',
    licensePlate: 'ABC-123',
  },
  date: '2026-11-23',
  startTime: '08:30',
  endTime: '16:30',
  slot: 'A-012 / -1 (Central Garage)',
  reserverName: 'Nagy Péter',
  licensePlate: 'ABC-123',
  parkingSlotInformation: 'A-012 / -1 (Central Garage)',
};

const valueAt = (data: SampleData, path: string): unknown =>
  path.split('.').reduce<unknown>((current, key) => {
    if (typeof current !== 'object' || current === null) {
      return undefined;
    }
    return Reflect.get(current, key);
  }, data);

const PLACEHOLDER = /\{\{\{?\s*([#/^!>]?)\s*([^}]*?)\s*\}?\}\}/g;

/** The template with its placeholders filled from `data`; unknown ones stay visible as `[path]`. */
export function renderTemplatePreview(template: string, data: SampleData = SAMPLE_MAIL_DATA): string {
  return template.replace(PLACEHOLDER, (_match, sigil: string, expression: string) => {
    if (sigil !== '') {
      // Blocks (#if, #each, /if), comments and partials shape the text; the preview keeps their content only.
      return '';
    }
    const path = expression.split(/\s+/)[0] ?? '';
    const value = valueAt(data, path);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      return String(value);
    }
    return `[${path}]`;
  });
}
