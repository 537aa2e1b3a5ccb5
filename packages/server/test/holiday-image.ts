import { expect } from 'vitest';
import type { Client } from './client.ts';
import { bearer } from './tokens.ts';

/**
 * What an administrator does in Configuration settings: upload a picture and save it as the holiday image
 * (and any other `settings` in the same save).
 */
export async function configureHolidayImage(
  server: { url: string },
  admin: Client,
  image: { bytes: Buffer; name: string },
  settings: Record<string, unknown> = {},
): Promise<void> {
  const { token } = await admin.json<{ token: string }>(
    '/services/ConfigurationSettings/holidayImage/~upload-token',
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image.bytes)], { type: 'image/png' }), image.name);
  const uploaded = await fetch(`${server.url}/ParkHere/upload`, {
    method: 'POST',
    headers: { 'X-Token': token, ...bearer(admin.token) },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const { files } = (await uploaded.json()) as { files: { token: string }[] };
  const mask = `{${['holidayImage', ...Object.keys(settings)].join(',')}}`;
  await admin.json(
    '/services/ConfigurationSettings/~update',
    { holidayImage: files[0]?.token, ...settings },
    { 'X-Judo-Mask': mask },
  );
}
