import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { leavingMessage } from './useLeavingConfirmation.ts';

beforeAll(async () => {
  await initEnglishTranslations();
  await i18next.addResourceBundle(
    'hu-HU',
    'application',
    (await import('../../../public/i18n/application_hu-HU.json')).default,
  );
});

const message = (language: 'en-US' | 'hu-HU', release: Parameters<typeof leavingMessage>[2]) =>
  leavingMessage(i18next.getFixedT(language, 'application'), language, release);

describe('what the deactivation confirmation says it releases', () => {
  it('names each part with its own plural, joined as English lists them', () => {
    expect(message('en-US', { upcomingReservations: 1, waitlistPlaces: 1, drawRequests: 0 })).toContain(
      'releases 1 upcoming reservation and 1 waitlist place at once',
    );
    expect(message('en-US', { upcomingReservations: 2, waitlistPlaces: 0, drawRequests: 3 })).toContain(
      'releases 2 upcoming reservations and 3 pending draw requests at once',
    );
    expect(message('en-US', { upcomingReservations: 1, waitlistPlaces: 2, drawRequests: 1 })).toContain(
      '1 upcoming reservation, 2 waitlist places, and 1 pending draw request',
    );
  });

  it('in Hungarian, a noun after a number stays singular and the parts join with "és"', () => {
    expect(message('hu-HU', { upcomingReservations: 1, waitlistPlaces: 1, drawRequests: 0 })).toContain(
      'felszabadít 1 közelgő foglalást és 1 várólistás helyet',
    );
    expect(message('hu-HU', { upcomingReservations: 3, waitlistPlaces: 0, drawRequests: 0 })).toContain(
      'felszabadít 3 közelgő foglalást:',
    );
  });

  it('says so when the user holds nothing', () => {
    expect(message('en-US', { upcomingReservations: 0, waitlistPlaces: 0, drawRequests: 0 })).toBe(
      'The user holds no upcoming reservation, waitlist place or draw request. Reactivating them later restores their access.',
    );
  });
});
