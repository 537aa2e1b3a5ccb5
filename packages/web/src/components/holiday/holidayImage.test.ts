import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * SPEC §7: the palm of the holiday cards is fetched inline by its token, the local svg on failure. The token
 * comes with the user reservation panel, so nothing here may ask the configuration (administrators' only:
 * every other user got a 403 and the svg).
 */

type Module = typeof import('./holidayImage.ts');

const fetchMock = vi.fn<typeof fetch>();

/** A fresh page load: the module (its cache lives for one) and the API session of a signed-in user. */
const load = async (): Promise<Module> => {
  vi.resetModules();
  const { configureApi } = await import('../../api/client.ts');
  configureApi({ accessToken: () => 'user-access-token', reauthenticate: () => {} });
  return import('./holidayImage.ts');
};

const image = () =>
  new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    status: 200,
    headers: { 'content-type': 'image/png' },
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:palm');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

describe('holiday image', () => {
  it('downloads the panel’s token with the user’s bearer, once per page load, and asks no configuration', async () => {
    fetchMock.mockResolvedValue(image());
    const { holidayImageSource } = await load();

    expect(await holidayImageSource('panel-token-1')).toBe('blob:palm');
    // A reloaded panel brings a new token for the same image: the first answer is kept.
    expect(await holidayImageSource('panel-token-2')).toBe('blob:palm');

    expect(requested()).toEqual(['/ParkHere/download?disposition=inline']);
    const sent = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(sent.get('X-Token')).toBe('panel-token-1');
    expect(sent.get('Authorization')).toBe('Bearer user-access-token');
    expect(requested().some((path) => path.includes('configurationSettings'))).toBe(false);
  });

  it('shows the local svg when no image is configured, without a request', async () => {
    const { holidayImageSource, palmFallback } = await load();
    expect(await holidayImageSource(null)).toBe(palmFallback);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the local svg when the download is refused or fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response('[]', { status: 400 }));
    const refused = await load();
    expect(await refused.holidayImageSource('expired-token')).toBe(refused.palmFallback);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await load();
    expect(await offline.holidayImageSource('panel-token')).toBe(offline.palmFallback);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
