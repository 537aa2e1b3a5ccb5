import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { positionText, waitlistGarageText } from './waitlistText.ts';

beforeAll(initEnglishTranslations);

const t = (key: string, options?: Record<string, unknown>) =>
  i18next.t(key, { ns: 'application', ...options });

describe('waitlist wording', () => {
  it.each([
    [1, '1st in line'],
    [2, '2nd in line'],
    [3, '3rd in line'],
    [4, '4th in line'],
    [11, '11th in line'],
    [12, '12th in line'],
    [21, '21st in line'],
    [22, '22nd in line'],
  ])('position %i reads "%s"', (position, text) => {
    expect(positionText(position, t)).toBe(text);
  });

  it('says nothing of a position the server did not send (the entry is not waiting)', () => {
    expect(positionText(null, t)).toBeNull();
    expect(positionText(undefined, t)).toBeNull();
    expect(positionText(0, t)).toBeNull();
  });

  it('names the chosen garage, or any of the user’s', () => {
    expect(waitlistGarageText({ parkingGarageName: 'North' }, t)).toBe('Garage: North');
    expect(waitlistGarageText({ parkingGarageName: null }, t)).toBe('Any of your garages');
  });

  it('orders in Hungarian with a full stop', async () => {
    await i18next.addResourceBundle(
      'hu-HU',
      'application',
      (await import('../../../public/i18n/application_hu-HU.json')).default,
    );
    const hu = i18next.getFixedT('hu-HU', 'application');
    expect(positionText(2, (key, options) => hu(key, options))).toBe('A sorban 2.');
  });
});
