import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Client } from '../client.ts';
import { configureHolidayImage } from '../holiday-image.ts';
import { bearer } from '../tokens.ts';
import { worldOfFile } from '../world.ts';

/*
 * SPEC §7 / DESIGN §3: the palm of the holiday cards is the image administrators configure, and the cards
 * are every user's. The configuration stays administrators' only; the panels that show holiday cards carry
 * the image: the dashboard's (UserReservationPanel) and the Holidays page's (HolidayPanel).
 */

const PALM = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(48, 7),
]);

const { server, admin, user } = await worldOfFile({ users: ['admin', 'user'] });

const download = (token: string, caller: Client) =>
  fetch(`${server.url}/ParkHere/download?disposition=inline`, {
    headers: { 'X-Token': token, ...bearer(caller.token) },
  });

/** The access points of the panels with holiday cards: the dashboard's and the Holidays page's. */
const PANELS = ['userReservationPanel', 'userHolidays'] as const;
type Panel = (typeof PANELS)[number];

const panelImage = async (caller: Client, panel: Panel) =>
  (
    await caller.json<{ holidayImage?: unknown }>(`/services/Actor/${panel}/~get`, {
      _mask: '{holidayImage}',
    })
  ).holidayImage;

const configureImage = (bytes: Buffer, name: string) => configureHolidayImage(server, admin, { bytes, name });

const clearImage = () =>
  admin.json(
    '/services/ConfigurationSettings/~update',
    { holidayImage: null },
    { 'X-Judo-Mask': '{holidayImage}' },
  );

describe('the holiday image on the panels with holiday cards', () => {
  it('is empty while none is configured', async () => {
    for (const panel of PANELS) {
      expect(await panelImage(user, panel), panel).toBeNull();
      expect(await panelImage(admin, panel), panel).toBeNull();
    }
  });

  it('lets a plain user download the configured image, which the configuration does not', async () => {
    await configureImage(PALM, 'palm.png');
    // The configuration stays administrators' only: the panel is the user's way to the image.
    expect(
      (await user.post('/services/Actor/configurationSettings/~get', { _mask: '{holidayImage}' })).status,
    ).toBe(403);

    for (const panel of PANELS) {
      const token = await panelImage(user, panel);
      expect(typeof token, panel).toBe('string');
      expect(decodeJwt(String(token)), panel).toMatchObject({
        kind: 'file',
        name: 'palm.png',
        cType: 'image/png',
      });
      const image = await download(String(token), user);
      expect(image.status, panel).toBe(200);
      expect(image.headers.get('content-type'), panel).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()), panel).toEqual(PALM);

      // Minted for its reader like every file token: another actor cannot use the one the user read.
      expect((await download(String(token), admin)).status, panel).toBe(400);
    }
  });

  it('follows the configuration: a new image replaces it, clearing it empties the attribute', async () => {
    const replaced = Buffer.concat([PALM, Buffer.from('second')]);
    await configureImage(replaced, 'beach.png');
    for (const panel of PANELS) {
      const token = String(await panelImage(user, panel));
      expect(decodeJwt(token).name, panel).toBe('beach.png');
      expect(Buffer.from(await (await download(token, user)).arrayBuffer()), panel).toEqual(replaced);
    }

    await clearImage();
    for (const panel of PANELS) {
      expect(await panelImage(user, panel), panel).toBeNull();
    }
  });
});
