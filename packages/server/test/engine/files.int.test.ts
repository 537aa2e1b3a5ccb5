import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createFileTokens } from '../../src/platform/http/file-tokens.ts';
import { type Client, update, withId } from '../client.ts';
import { bearer } from '../tokens.ts';
import { withoutFloorPlans, worldOfFile } from '../world.ts';

type Entity = Record<string, unknown> & { __signedIdentifier: string; __version: number };

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

const {
  server,
  admin,
  /** A second administrator: may write floor plans too, but not with the first one's tokens. */
  admin2: otherAdmin,
  user,
} = await worldOfFile({
  env: { ADMIN_EMAILS: 'admin2@parkhere.example' },
  users: ['admin', 'admin2', 'user'],
});
await withoutFloorPlans(server.db);

/** An upload as the web app sends it: the upload token and the uploader's bearer (none when undefined). */
const upload = (
  caller: Client | undefined,
  token: string,
  bytes: Buffer,
  type: string,
  name = 'plan.png',
) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${server.url}/ParkHere/upload`, {
    method: 'POST',
    headers: { 'X-Token': token, ...(caller === undefined ? {} : bearer(caller.token)) },
    body: form,
  });
};

const download = (token: string, caller?: Client, disposition = 'inline') =>
  fetch(`${server.url}/ParkHere/download?disposition=${disposition}`, {
    headers: { 'X-Token': token, ...(caller === undefined ? {} : bearer(caller.token)) },
  });

const slots = async (offset: number, count = 1) => {
  const list = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
    _seek: { limit: offset + count },
  });
  return list.slice(offset, offset + count);
};

const firstSlot = async () => {
  const [slot] = await slots(0);
  if (slot === undefined) {
    throw new Error('no slot');
  }
  return slot;
};

const uploadToken = async (caller: Client, signed: string) =>
  caller.post('/services/ParkingSlotSettings/floorPlan/~upload-token', undefined, withId(signed));

/**
 * A file token for `path`'s attribute: the upload token asked for (with `signed`, for that stored row;
 * without, for a new one), then the upload's answer.
 */
const fileToken = async (
  caller: Client,
  path = '/services/ParkingSlotSettings/floorPlan/~upload-token',
  signed?: string,
  name = 'plan.png',
): Promise<string> => {
  const issued = await caller.post(path, undefined, signed === undefined ? {} : withId(signed));
  expect(issued.status).toBe(200);
  const { token } = (await issued.json()) as { token: string };
  const uploaded = await upload(caller, token, PNG, 'image/png', name);
  expect(uploaded.status).toBe(200);
  const { files } = (await uploaded.json()) as { files: { token: string }[] };
  return String(files[0]?.token);
};

/** The same token as the server signed it, but expired an hour ago (real time, as token checks use). */
const expired = async (token: string) => {
  const key = new TextEncoder().encode(`${server.app.config.signingSecret}:files`);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...decodeJwt(token), iat: now - 7200, exp: now - 3600 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(key);
};

const slotNamed = async (name: string) =>
  admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
    _mask: '{name,floorPlan}',
    name: [{ operator: 'equal', value: name }],
  });

const garage = async () => {
  const [first] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', { _seek: { limit: 1 } });
  return { __signedIdentifier: String(first?.__signedIdentifier) };
};

const fileNameIn = (token: unknown) => decodeJwt(String(token)).name;

const refusedAt = async (response: Response, location: string) => {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual([expect.objectContaining({ code: 'INVALID_IDENTIFIER', location })]);
};

describe('files', () => {
  it('uploads a floor plan, stores it on the slot and downloads it back', async () => {
    const slot = await firstSlot();
    const { token } = (await (await uploadToken(admin, slot.__signedIdentifier)).json()) as { token: string };
    const uploaded = await upload(admin, token, PNG, 'image/png', 'floor plan.png');
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
    const inline = await download(String(updated.floorPlan), admin);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('content-disposition')).toContain('inline; filename="floor plan.png"');
    expect(Buffer.from(await inline.arrayBuffer())).toEqual(PNG);
    const attachment = await download(String(updated.floorPlan), admin, 'attachment');
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses other types, disguised files, oversized files and bad tokens', async () => {
    const slot = await firstSlot();
    const { token } = (await (await uploadToken(admin, slot.__signedIdentifier)).json()) as { token: string };
    const text = await upload(admin, token, Buffer.from('hello'), 'text/plain', 'a.txt');
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual([expect.objectContaining({ code: 'FILE_TYPE_NOT_ALLOWED' })]);
    const disguised = await upload(admin, token, Buffer.from('MZ not a png'), 'image/png');
    expect(disguised.status).toBe(400);
    const big = await upload(admin, token, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual([expect.objectContaining({ code: 'MAX_FILE_SIZE_EXCEEDED' })]);
    expect((await upload(admin, `${token}x`, PNG, 'image/png')).status).toBe(400);
    // An upload names its uploader as every call does: no bearer is a 401; another actor's bearer finds the
    // token foreign, as a forged one would be.
    expect((await upload(undefined, token, PNG, 'image/png')).status).toBe(401);
    const foreign = await upload(user, token, PNG, 'image/png');
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual([expect.objectContaining({ code: 'INVALID_TOKEN' })]);
    expect((await download(token, admin)).status).toBe(400);
    const wrongAttribute = await update(admin, 'ParkingSlotSettings', slot, { floorPlan: token });
    expect(await wrongAttribute.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_IDENTIFIER', location: 'floorPlan' }),
    ]);
  });

  it('gives upload tokens only to those who may change the instance', async () => {
    const slot = await firstSlot();
    // Administrators' types refuse everyone else before any identifier is read.
    expect((await uploadToken(user, slot.__signedIdentifier)).status).toBe(403);
    expect((await user.post('/services/ParkingSlotSettings/floorPlan/~upload-token')).status).toBe(403);
    expect((await user.post('/services/ConfigurationSettings/holidayImage/~upload-token')).status).toBe(403);
    expect((await admin.post('/services/ConfigurationSettings/holidayImage/~upload-token')).status).toBe(200);
  });
});

describe('file attributes of a new row', () => {
  it('stores the floor plan a new slot is created with, in the slots list and through its garage', async () => {
    const token = await fileToken(admin, undefined, undefined, 'new plan.png');
    const created = await admin.json<Entity>('/services/Actor/~update/parkingSlots/~create', {
      name: 'F-NEW-1',
      floor: 3,
      parkingGarage: await garage(),
      floorPlan: token,
    });
    expect(fileNameIn(created.floorPlan)).toBe('new plan.png');
    const [listed] = await slotNamed('F-NEW-1');
    expect(fileNameIn(listed?.floorPlan)).toBe('new plan.png');
    const stored = await download(String(listed?.floorPlan), admin);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(PNG);

    const owner = await garage();
    const throughGarage = await admin.json<Entity>(
      '/services/ParkingGarageSettings/~update/parkingSlots/~create',
      {
        name: 'F-NEW-2',
        floor: 3,
        floorPlan: await fileToken(admin, undefined, undefined, 'garage plan.png'),
      },
      withId(owner.__signedIdentifier),
    );
    expect(fileNameIn(throughGarage.floorPlan)).toBe('garage plan.png');
    expect(fileNameIn((await slotNamed('F-NEW-2'))[0]?.floorPlan)).toBe('garage plan.png');
  });

  it('refuses a forged, expired, foreign or misdirected token on create and writes nothing', async () => {
    const genuine = await fileToken(admin);
    const slot = await firstSlot();
    const candidates = {
      forged: `${genuine.slice(0, -2)}xx`,
      expired: await expired(genuine),
      anotherAdministrators: await fileToken(otherAdmin),
      anotherAttribute: await fileToken(admin, '/services/ConfigurationSettings/holidayImage/~upload-token'),
      anExistingSlots: await fileToken(admin, undefined, slot.__signedIdentifier),
    };
    const owner = await garage();
    for (const [name, token] of Object.entries(candidates)) {
      const body = { name: `F-BAD-${name}`, floor: 1, floorPlan: token };
      await refusedAt(
        await admin.post('/services/Actor/~update/parkingSlots/~create', { ...body, parkingGarage: owner }),
        'floorPlan',
      );
      await refusedAt(
        await admin.post(
          '/services/ParkingGarageSettings/~update/parkingSlots/~create',
          body,
          withId(owner.__signedIdentifier),
        ),
        'floorPlan',
      );
      expect(await slotNamed(`F-BAD-${name}`)).toEqual([]);
    }
  });
});

describe('a file token is bound to its actor and row', () => {
  const floorPlanOf = async (signed: string) =>
    admin.json<Entity>('/services/ParkingSlotSettings/~get', { _mask: '{floorPlan}' }, withId(signed));

  /** `token` written as the slot's floor plan is refused at floorPlan, and the slot keeps no plan and its version. */
  const expectRefusedAsFloorPlan = async (slot: string, token: string) => {
    const before = await floorPlanOf(slot);
    await refusedAt(
      await admin.post(
        '/services/ParkingSlotSettings/~update',
        { floorPlan: token },
        withId(slot, { 'X-Judo-Mask': '{floorPlan}' }),
      ),
      'floorPlan',
    );
    const after = await floorPlanOf(slot);
    expect([after.floorPlan, after.__version]).toEqual([null, before.__version]);
  };

  it('writes a file uploaded for one slot into that slot only', async () => {
    const [first, second] = (await slots(1, 2)) as [Entity, Entity];
    const forFirst = await fileToken(admin, undefined, first.__signedIdentifier);
    await expectRefusedAsFloorPlan(second.__signedIdentifier, forFirst);
    const written = await admin.post(
      '/services/ParkingSlotSettings/~update',
      { floorPlan: forFirst },
      withId(first.__signedIdentifier, { 'X-Judo-Mask': '{floorPlan}' }),
    );
    expect(written.status).toBe(200);
  });

  it('takes a token read from a slot back into that slot, never into another', async () => {
    const [first, second] = (await slots(3, 2)) as [Entity, Entity];
    await admin.json(
      '/services/ParkingSlotSettings/~update',
      { floorPlan: await fileToken(admin, undefined, first.__signedIdentifier, 'kept.png') },
      withId(first.__signedIdentifier, { 'X-Judo-Mask': '{floorPlan}' }),
    );
    const read = await floorPlanOf(first.__signedIdentifier);
    await refusedAt(
      await admin.post(
        '/services/ParkingSlotSettings/~update',
        { floorPlan: read.floorPlan },
        withId(second.__signedIdentifier, { 'X-Judo-Mask': '{floorPlan}' }),
      ),
      'floorPlan',
    );
    expect((await floorPlanOf(second.__signedIdentifier)).floorPlan).toBeNull();
    const again = await admin.json<Entity>(
      '/services/ParkingSlotSettings/~update',
      { name: first.name, floorPlan: read.floorPlan },
      withId(read.__signedIdentifier),
    );
    expect(fileNameIn(again.floorPlan)).toBe('kept.png');
  });

  it('refuses another actor’s token, even for the same slot', async () => {
    const [slot] = (await slots(5)) as [Entity];
    const theirs = await fileToken(otherAdmin, undefined, slot.__signedIdentifier);
    await expectRefusedAsFloorPlan(slot.__signedIdentifier, theirs);
  });
});

describe('downloads', () => {
  it('give a file only to the actor its token names, within its lifetime, and let nothing keep it', async () => {
    const [slot] = (await slots(6)) as [Entity];
    const updated = await admin.json<Entity>(
      '/services/ParkingSlotSettings/~update',
      { floorPlan: await fileToken(admin, undefined, slot.__signedIdentifier) },
      withId(slot.__signedIdentifier, { 'X-Judo-Mask': '{floorPlan}' }),
    );
    const token = String(updated.floorPlan);

    const own = await download(token, admin);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');

    const anonymous = await download(token);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    for (const stranger of [user, otherAdmin]) {
      const leaked = await download(token, stranger);
      expect(leaked.status).toBe(400);
      expect(await leaked.json()).toEqual([
        expect.objectContaining({ code: 'INVALID_TOKEN', location: 'X-Token' }),
      ]);
    }
    expect((await download(await expired(token), admin)).status).toBe(400);
  });
});

describe('SVG files (issue 11: an uploaded file must not run on the app’s origin)', () => {
  const svg = (body: string, root = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">') =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${root}${body}</svg>\n`,
    );

  const uploadSvg = async (bytes: Buffer) => {
    const { token } = (await (
      await admin.post('/services/ConfigurationSettings/holidayImage/~upload-token')
    ).json()) as {
      token: string;
    };
    return upload(admin, token, bytes, 'image/svg+xml', 'palm.svg');
  };

  it('serves every file, an SVG too, as a sandboxed document that loads nothing and is never sniffed', async () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#DE4E0B"/></linearGradient></defs>' +
        '<style>circle { stroke: black }</style><circle cx="5" cy="5" r="4" fill="url(#g)"/>' +
        '<use href="#g"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
    );
    const uploaded = await uploadSvg(drawing);
    expect(uploaded.status).toBe(200);
    const { files } = (await uploaded.json()) as { files: { token: string; cType: string }[] };
    expect(files[0]?.cType).toBe('image/svg+xml');
    const served = await download(String(files[0]?.token), admin);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    const policy = (served.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim());
    expect(policy).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'"]));
    expect(policy.some((part) => part.startsWith('script-src'))).toBe(false);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(drawing);
  });

  it('refuses what is not an SVG, or an SVG that could run, embed or fetch anything', async () => {
    const refused = {
      htmlWithSvgInAComment: Buffer.from(
        '<!DOCTYPE html><html><!-- <svg> --><body><script>alert(document.cookie)</script></body></html>',
      ),
      notWellFormed: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"></svg>'),
      noSvgNamespace: Buffer.from('<svg><circle r="1"/></svg>'),
      anotherRoot: Buffer.from(
        '<html xmlns="http://www.w3.org/1999/xhtml"><svg xmlns="http://www.w3.org/2000/svg"/></html>',
      ),
      script: svg('<script>alert(1)</script>'),
      namespacedScript: svg('<x:script xmlns:x="http://example.com/x">alert(1)</x:script>'),
      eventHandler: svg('<circle r="1" onclick="alert(1)"/>'),
      handlerOnRoot: svg('', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">'),
      foreignObject: svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
      htmlElement: svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="https://evil.example/"/>'),
      javascriptLink: svg('<a href="java&#9;script:alert(1)"><circle r="1"/></a>'),
      xlinkJavascript: svg(
        '<a xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)"><circle r="1"/></a>',
      ),
      animatedLink: svg('<a href="#x"><set attributeName="href" to="https://evil.example/"/></a>'),
      externalImage: svg('<image href="https://tracker.example/pixel.png" width="1" height="1"/>'),
      externalUse: svg('<use href="other.svg#shape"/>'),
      nestedSvgDocument: svg(
        '<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>',
      ),
      externalFill: svg('<circle r="1" fill="url(https://evil.example/x.svg#g)"/>'),
      styleImport: svg('<style>@import url("https://evil.example/x.css");</style>'),
      styleAttributeUrl: svg('<circle r="1" style="fill: url(//evil.example/x.svg#g)"/>'),
      entities: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
      ),
      stylesheet: Buffer.from(
        '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      ),
      notUtf8: Buffer.concat([
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><text>'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('</text></svg>'),
      ]),
    };
    for (const [name, bytes] of Object.entries(refused)) {
      const response = await uploadSvg(bytes);
      expect({ name, status: response.status }).toEqual({ name, status: 400 });
      expect(await response.json()).toEqual([expect.objectContaining({ code: 'FILE_TYPE_NOT_ALLOWED' })]);
    }
  });

  it('refuses CSS that spells a fetch with escapes or image-set, and animations that set an event handler (issue 25, N11)', async () => {
    const refused = {
      escapedUrl: svg('<style>circle { fill: u\\72l(https://evil.example/x.svg#g) }</style><circle r="1"/>'),
      escapedUrlAttribute: svg('<circle r="1" style="fill: \\75 rl(//evil.example/x.svg#g)"/>'),
      escapedImport: svg('<style>@\\69mport "https://evil.example/x.css";</style>'),
      escapedImportInAttribute: svg('<circle r="1" style="@IMP\\4f RT url(https://evil.example/x.css)"/>'),
      imageSet: svg('<style>circle { fill: image-set("https://evil.example/x.png" 1x) }</style>'),
      webkitImageSet: svg('<circle r="1" style="fill: -webkit-image-set(\'//evil.example/x.png\' 1x)"/>'),
      setEventHandler: svg('<circle r="1"><set attributeName="onclick" to="alert(1)"/></circle>'),
      animateEventHandler: svg(
        '<circle r="1"><animate attributeName="onmouseover" values="alert(1)" dur="1s"/></circle>',
      ),
      animateStyleUrl: svg(
        '<circle r="1"><set attributeName="style" to="fill: u\\rl(https://evil.example/x.svg#g)"/></circle>',
      ),
    };
    for (const [name, bytes] of Object.entries(refused)) {
      const response = await uploadSvg(bytes);
      expect({ name, status: response.status }).toEqual({ name, status: 400 });
    }
    // Escapes, comments and animations that fetch nothing and run nothing are still a drawing.
    const animated = svg(
      '<style>/* brand */ circle { fill: \\23 DE4E0B; content: "\\2014" }</style>' +
        '<circle r="1"><animate attributeName="r" values="1;4;1" dur="2s" repeatCount="indefinite"/></circle>',
    );
    expect((await uploadSvg(animated)).status).toBe(200);
  });
});

describe('files uploaded before their bytes moved into the database (0007)', () => {
  it('are still served from the DATA_DIR that received them', async () => {
    mkdirSync(path.join(server.config.dataDir, 'files'), { recursive: true });
    writeFileSync(path.join(server.config.dataDir, 'files/before-0007'), PNG);
    const row = await server.app.database.db
      .insertInto('files')
      .values({ name: 'old plan.png', size: PNG.length, contentType: 'image/png', path: 'files/before-0007' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [self] = await admin.json<Entity[]>('/services/Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'admin@parkhere.example' }],
    });
    const token = await createFileTokens(String(server.app.config.signingSecret)).file({
      sub: String(self?.__identifier),
      fileId: row.id,
      name: 'old plan.png',
      cType: 'image/png',
      type: 'ParkingSlotSettings',
      attribute: 'floorPlan',
      entity: null,
    });
    const served = await download(token, admin);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });
});

describe('a refused upload (SPEC §8 "Could not process upload response")', () => {
  it('is logged with the request id and why, never with the file’s content or the tokens', async () => {
    const slot = await firstSlot();
    const issued = await uploadToken(admin, slot.__signedIdentifier);
    const { token } = (await issued.json()) as { token: string };
    const secret = 'TOP-SECRET-CONTENT-7f3a';
    const before = server.logs.length;
    const refused = await upload(admin, token, Buffer.from(`<html>${secret}</html>`), 'text/html', 'x.html');
    expect(refused.status).toBe(400);
    const forged = await upload(admin, `${token.slice(0, -2)}xx`, PNG, 'image/png');
    expect(forged.status).toBe(400);
    const lines = server.logs.slice(before).filter((line) => line.includes('Could not process upload'));
    expect(lines).toHaveLength(2);
    const [typeLine, tokenLine] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(typeLine).toMatchObject({ level: 40, codes: ['FILE_TYPE_NOT_ALLOWED'] });
    expect(tokenLine).toMatchObject({ codes: ['INVALID_TOKEN'] });
    expect(typeLine?.reqId).toEqual(expect.any(String));
    expect(tokenLine?.reqId).not.toBe(typeLine?.reqId);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain(token.slice(20, 60));
      expect(line).not.toContain(admin.token.slice(20, 60));
    }
  });
});
