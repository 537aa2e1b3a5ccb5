import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import hungarian from '../../public/i18n/application_hu-HU.json';
import { addFormatters, hungarianArticle } from './formatters.ts';

/** i18next speaking the app's Hungarian texts with the app's formats. */
async function inHungarian() {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'hu-HU',
    resources: { 'hu-HU': { application: hungarian } },
    defaultNS: 'application',
  });
  addFormatters(instance);
  return instance;
}

describe('the Hungarian article before a number', () => {
  it('is az before egy and öt as the number is read, a before the rest', () => {
    const az = [1, 5, 50, 55, 500, 599, 1000, 1999, 5000, 1_000_000];
    const a = [0, 2, 3, 4, 6, 7, 10, 11, 15, 20, 100, 150, 250, 10_000, 2000];
    expect(az.map(hungarianArticle)).toEqual(az.map(() => 'az'));
    expect(a.map(hungarianArticle)).toEqual(a.map(() => 'a'));
  });

  it("writes a series' actions with the right article, never a(z)", async () => {
    const instance = await inHungarian();
    expect(instance.t('reservationPanel.series.deleteAll', { count: 5 })).toBe('Mind az 5 nap törlése');
    expect(instance.t('reservationPanel.series.editAll', { count: 7 })).toBe('Mind a 7 nap szerkesztése');
    expect(JSON.stringify(hungarian)).not.toContain('a(z) {{count}}');
  });

  it('says the place on the waitlist as an ordinal with its article: "Ön az 1. a sorban", "Ön a 2. a sorban"', async () => {
    const instance = await inHungarian();
    const inLine = (count: number) => instance.t('reservationForm.waitlist.inLine', { count, ordinal: true });
    expect(inLine(1)).toMatch(/^Ön az 1\. a sorban\. /);
    expect(inLine(2)).toMatch(/^Ön a 2\. a sorban\. /);
    expect(inLine(5)).toMatch(/^Ön az 5\. a sorban\. /);
  });
});
