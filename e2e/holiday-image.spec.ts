import { addDays } from '@parkhere/contract';
import type { APIRequestContext, Response } from '@playwright/test';
import { accessTokenOf, type Entity } from './api.ts';
import { appToday, cardDay } from './clock.ts';
import { chooseEnglish, expect, pinClock, signInToShell, test } from './fixtures.ts';

test.slow();

/** A 1×1 PNG the browser decodes: the image administrators put on the holiday cards. */
const PALM = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const api = (request: APIRequestContext, token: string) => {
  const headers = { Authorization: `Bearer ${token}` };
  return async (path: string, data?: unknown, extra: Record<string, string> = {}) => {
    const response = await request.post(path, { headers: { ...headers, ...extra }, data });
    const text = await response.text();
    expect(response.status(), `${path}: ${text}`).toBe(200);
    return (text === '' ? undefined : JSON.parse(text)) as unknown;
  };
};

/** Far enough ahead to stay clear of the reservations and holidays the other specs make. */
const holidayDay = () => addDays(appToday(), 200 + Math.floor(Math.random() * 60));

test('a user’s holiday cards on the dashboard and the Holidays page show the image administrators configured, and no page asks what only they may read', async ({
  page,
  browser,
  request,
}) => {
  const adminContext = await browser.newContext();
  await pinClock(adminContext);
  await chooseEnglish(adminContext);
  const adminPage = await adminContext.newPage();
  await signInToShell(adminPage, 'admin');
  const asAdmin = api(request, await accessTokenOf(adminPage));
  const { token: uploadToken } = (await asAdmin(
    '/api/services/ConfigurationSettings/holidayImage/~upload-token',
  )) as {
    token: string;
  };
  const uploaded = await request.post('/ParkHere/upload', {
    headers: { 'X-Token': uploadToken, Authorization: `Bearer ${await accessTokenOf(adminPage)}` },
    multipart: { file: { name: 'palm.png', mimeType: 'image/png', buffer: PALM } },
  });
  expect(uploaded.status()).toBe(200);
  const { files } = (await uploaded.json()) as { files: { token: string }[] };
  const configure = (holidayImage: string | null) =>
    asAdmin(
      '/api/services/ConfigurationSettings/~update',
      { holidayImage },
      { 'X-Judo-Mask': '{holidayImage}' },
    );
  await configure(String(files[0]?.token));

  const forbidden: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 403) {
      forbidden.push(response.url());
    }
  });
  await signInToShell(page, 'quick');
  const asUser = api(request, await accessTokenOf(page));
  const [self] = (await asUser('/api/services/Actor/usersForInput/~list', {})) as Entity[];
  const day = holidayDay();
  const holiday = (await asUser('/api/services/HolidayPanel/holiday', {
    startDate: day,
    endDate: day,
    user: self,
  })) as Entity;

  try {
    /** The configured picture, downloaded with the user's own token and decoded, not the local svg. */
    const expectConfiguredImage = async () => {
      const image = page
        .getByTestId('holiday-card')
        .filter({ hasText: cardDay(day) })
        .locator('img');
      await expect(image).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
    };
    await page.goto('/');
    await expectConfiguredImage();

    // A page load of its own: the Holidays page downloads the image by its own panel's token.
    await page.goto('/Services/Actor/UserHolidays/AccessViewPage');
    await expectConfiguredImage();
    await page.goto('/Services/Actor/ProfileSettings/AccessViewPage');
    await expect(
      page
        .getByTestId('data-table-ProfileSettings.cars')
        .locator('.MuiDataGrid-row, .MuiDataGrid-overlay')
        .first(),
    ).toBeVisible();
    expect(forbidden).toEqual([]);
  } finally {
    await asUser('/api/services/Holiday/deleteHoliday', undefined, {
      'X-Judo-SignedIdentifier': String(holiday.__signedIdentifier),
    });
    await configure(null);
    await adminContext.close();
  }
});
