import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../api/model.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';

/*
 * SPEC §4 / §7: the Holidays page shows the user's holidays as cards under the palm image administrators
 * configured, fetched inline by the token the page's own panel (HolidayPanel.holidayImage) carries; the local
 * svg when none is configured or the browser cannot show it.
 */

/** What the server's `userHolidays ~get` holds in a test; the mock answers only what the mask asks for. */
const server = vi.hoisted(() => ({ holidayImage: null as string | null, holidays: [] as Row[] }));

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  getAccessPoint: vi.fn(async (_accessPoint: string, query: { _mask?: string }) => ({
    __signedIdentifier: 'signed-panel',
    holidays: server.holidays,
    ...(query._mask?.includes('holidayImage') ? { holidayImage: server.holidayImage } : {}),
  })),
}));
vi.mock('../../auth/principal.tsx', () => ({ usePrincipal: () => ({ isAdministrator: false }) }));
vi.mock('../../navigation/NavigationProvider.tsx', () => ({ usePageTitle: () => undefined }));
// The form (and its date pickers) has tests of its own; here it only has to be there.
vi.mock('../../components/holiday/HolidayForm.tsx', () => ({ HolidayForm: () => null }));
vi.mock('../../components/forms/PickersProvider.tsx', () => ({
  PickersProvider: ({ children }: { children: ReactNode }) => children,
}));

const fetchMock = vi.fn<typeof fetch>();

const holiday = (day: string): Row => ({
  __signedIdentifier: `signed-${day}`,
  __identifier: day,
  startDate: day,
  endDate: day,
  isNotDeletable: false,
});

/** A fresh page load (the image is cached for one) of the Holidays page. */
async function openPage() {
  vi.resetModules();
  const { configureApi } = await import('../../api/client.ts');
  configureApi({ accessToken: () => 'user-access-token', reauthenticate: () => {} });
  const { default: HolidaysPage } = await import('./HolidaysPage.tsx');
  const { DialogsProvider } = await import('../../feedback/dialogs.tsx');
  const { palmFallback } = await import('../../components/holiday/holidayImage.ts');
  const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DialogsProvider>
        <HolidaysPage />
      </DialogsProvider>
    </QueryClientProvider>,
  );
  return { palmFallback };
}

const cardImages = async () =>
  (await screen.findAllByTestId('holiday-card')).map((card) => within(card).getByRole('presentation'));

beforeAll(initEnglishTranslations);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:palm');
  server.holidays = [holiday('2027-03-01'), holiday('2027-03-08')];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('holiday cards on the Holidays page', () => {
  it('show the configured image, downloaded once with the page panel’s token', async () => {
    server.holidayImage = 'holidays-panel-token';
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        status: 200,
        headers: { 'content-type': 'image/png' },
      }),
    );
    await openPage();

    await waitFor(async () => {
      for (const image of await cardImages()) {
        expect(image.getAttribute('src')).toBe('blob:palm');
      }
    });
    expect(await cardImages()).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('X-Token')).toBe('holidays-panel-token');
  });

  it('show the local svg when no image is configured, without a download', async () => {
    server.holidayImage = null;
    const { palmFallback } = await openPage();

    for (const image of await cardImages()) {
      expect(image.getAttribute('src')).toBe(palmFallback);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('show the local svg on a card whose configured image the browser cannot decode', async () => {
    server.holidayImage = 'holidays-panel-token';
    fetchMock.mockResolvedValue(new Response('not a picture', { status: 200 }));
    const { palmFallback } = await openPage();

    await waitFor(async () => expect((await cardImages())[0]?.getAttribute('src')).toBe('blob:palm'));
    const [broken] = await cardImages();
    fireEvent.error(broken as HTMLElement);
    expect(broken?.getAttribute('src')).toBe(palmFallback);
  });
});
