import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../harness.ts';
import { type Caller, callerFor, startEngineServer, withId } from './client.ts';

type Entity = Record<string, unknown> & { __signedIdentifier: string };

let server: TestServer;
let admin: Caller;
let user: Caller;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

beforeAll(async () => {
  server = await startEngineServer();
  admin = await callerFor(server, 'admin');
  user = await callerFor(server, 'user');
});

afterAll(async () => {
  await server.close();
});

const upload = (token: string, bytes: Buffer, type: string, name = 'plan.png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${server.url}/ParkHere/upload`, {
    method: 'POST',
    headers: { 'X-Token': token },
    body: form,
  });
};

const firstSlot = async () => {
  const [slot] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', { _seek: { limit: 1 } });
  if (slot === undefined) {
    throw new Error('no slot');
  }
  return slot;
};

const uploadToken = async (caller: Caller, signed: string) =>
  caller.post('/services/ParkingSlotSettings/floorPlan/~upload-token', undefined, withId(signed));

describe('files', () => {
  it('uploads a floor plan, stores it on the slot and downloads it back', async () => {
    const slot = await firstSlot();
    const { token } = (await (await uploadToken(admin, slot.__signedIdentifier)).json()) as { token: string };
    const uploaded = await upload(token, PNG, 'image/png', 'floor plan.png');
    expect(uploaded.status).toBe(200);
    const { files } = (await uploaded.json()) as {
      files: { id: string; name: string; size: number; cType: string; token: string }[];
    };
    expect(files[0]).toMatchObject({ name: 'floor plan.png', size: PNG.length, cType: 'image/png' });
    const updated = await admin.json<Entity>(
      '/services/ParkingSlotSettings/~update',
      { floorPlan: files[0]?.token },
      withId(slot.__signedIdentifier, { 'X-Judo-Mask': '{floorPlan}' }),
    );
    expect(typeof updated.floorPlan).toBe('string');
    const [, payload] = String(updated.floorPlan).split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      name: 'floor plan.png',
    });
    const download = await fetch(`${server.url}/ParkHere/download?disposition=inline`, {
      headers: { 'X-Token': String(updated.floorPlan) },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain('inline; filename="floor plan.png"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
    const attachment = await fetch(`${server.url}/ParkHere/download?disposition=attachment`, {
      headers: { 'X-Token': String(updated.floorPlan) },
    });
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses other types, disguised files, oversized files and bad tokens', async () => {
    const slot = await firstSlot();
    const { token } = (await (await uploadToken(admin, slot.__signedIdentifier)).json()) as { token: string };
    const text = await upload(token, Buffer.from('hello'), 'text/plain', 'a.txt');
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual([expect.objectContaining({ code: 'FILE_TYPE_NOT_ALLOWED' })]);
    const disguised = await upload(token, Buffer.from('MZ not a png'), 'image/png');
    expect(disguised.status).toBe(400);
    const big = await upload(token, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual([expect.objectContaining({ code: 'MAX_FILE_SIZE_EXCEEDED' })]);
    expect((await upload(`${token}x`, PNG, 'image/png')).status).toBe(400);
    const download = await fetch(`${server.url}/ParkHere/download`, { headers: { 'X-Token': token } });
    expect(download.status).toBe(400);
    const wrongAttribute = await admin.post(
      '/services/ParkingSlotSettings/~update',
      { floorPlan: token },
      withId(slot.__signedIdentifier),
    );
    expect(await wrongAttribute.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_IDENTIFIER', location: 'floorPlan' }),
    ]);
  });

  it('gives upload tokens only to those who may change the instance', async () => {
    const slot = await firstSlot();
    expect((await uploadToken(user, slot.__signedIdentifier)).status).toBe(404);
    expect((await user.post('/services/ParkingSlotSettings/floorPlan/~upload-token')).status).toBe(403);
    expect((await user.post('/services/ConfigurationSettings/holidayImage/~upload-token')).status).toBe(404);
    expect((await admin.post('/services/ConfigurationSettings/holidayImage/~upload-token')).status).toBe(200);
  });
});
