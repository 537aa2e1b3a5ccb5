import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { bearer } from '../tokens.ts';
import { movableClock, withoutFloorPlans, worldOfFile } from '../world.ts';
import { jobRows } from './inspect.ts';

/*
 * The orphan-file clean-up over real HTTP and the real database: files are uploaded and written, replaced,
 * cleared and deleted through the API while the app clock stands still, then the clock moves past the hour
 * a file may wait for its write and the queued clean-up runs.
 */

type Entity = Record<string, unknown> & { __signedIdentifier: string };
type Uploaded = { id: string; token: string };

const START = '2026-12-01T08:00:00Z';
const LATER = '2026-12-01T10:30:00Z';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

const time = movableClock(START);

const { server, admin } = await worldOfFile({ clock: time.clock, jobs: { poll: false }, users: ['admin'] });

beforeAll(async () => {
  // Only the clean-up run this app queued at start: not the doormen's summary chain, nor the jobs the
  // template data directory was queued with on the real clock.
  await sql`DELETE FROM jobs WHERE idempotency_key IS DISTINCT FROM 'files-cleanup:2026-12-01T09:00:00.000Z'`.execute(
    server.app.database.db,
  );
  await withoutFloorPlans(server.app.database.db);
});

const uploadFor = async (tokenPath: string, signed?: string): Promise<Uploaded> => {
  const issued = await admin.json<{ token: string }>(
    tokenPath,
    undefined,
    signed === undefined ? {} : withId(signed),
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'plan.png');
  const response = await fetch(`${server.url}/ParkHere/upload`, {
    method: 'POST',
    headers: { 'X-Token': issued.token, ...bearer(admin.token) },
    body: form,
  });
  expect(response.status).toBe(200);
  const { files } = (await response.json()) as { files: Uploaded[] };
  return files[0] as Uploaded;
};

const floorPlanUpload = (slot?: Entity) =>
  uploadFor('/services/ParkingSlotSettings/floorPlan/~upload-token', slot?.__signedIdentifier);

const writeFloorPlan = (slot: Entity, token: string | null) =>
  admin.json<Entity>(
    '/services/ParkingSlotSettings/~update',
    { floorPlan: token },
    withId(slot.__signedIdentifier, { 'X-Judo-Mask': '{floorPlan}' }),
  );

const storedFiles = async () =>
  server.app.database.db.selectFrom('files').select(['id', 'path']).orderBy('id').execute();

describe('orphan file clean-up', () => {
  it('removes the files no row keeps once they are older than an upload may wait, and chains itself', async () => {
    const slots = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', { _seek: { limit: 3 } });
    const [kept, replaced, cleared] = slots as [Entity, Entity, Entity];
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      _seek: { limit: 1 },
    });

    const neverWritten = await floorPlanUpload(kept);
    const keptPlan = await floorPlanUpload(kept);
    await writeFloorPlan(kept, keptPlan.token);
    const oldPlan = await floorPlanUpload(replaced);
    await writeFloorPlan(replaced, oldPlan.token);
    const newPlan = await floorPlanUpload(replaced);
    await writeFloorPlan(replaced, newPlan.token);
    const clearedPlan = await floorPlanUpload(cleared);
    await writeFloorPlan(cleared, clearedPlan.token);
    await writeFloorPlan(cleared, null);
    const deletedRowsPlan = await floorPlanUpload();
    const doomed = await admin.json<Entity>('/services/Actor/~update/parkingSlots/~create', {
      name: 'CLEANUP-1',
      floor: 1,
      parkingGarage: { __signedIdentifier: garage?.__signedIdentifier },
      floorPlan: deletedRowsPlan.token,
    });
    const deleted = await admin.post(
      '/services/ParkingSlotSettings/~delete',
      undefined,
      withId(doomed.__signedIdentifier),
    );
    expect(deleted.status).toBe(200);
    // Kept by another table's reference than the slots'.
    const holidayImage = await uploadFor('/services/ConfigurationSettings/holidayImage/~upload-token');
    await admin.json(
      '/services/ConfigurationSettings/~update',
      { holidayImage: holidayImage.token },
      { 'X-Judo-Mask': '{holidayImage}' },
    );
    const filesDir = path.join(server.config.dataDir, 'files');
    mkdirSync(filesDir, { recursive: true });
    // A file uploaded before 0007, with its bytes under DATA_DIR: its bytes go with its row.
    const legacyBytes = path.join(filesDir, 'legacy-orphan');
    writeFileSync(legacyBytes, PNG);
    const legacy = await server.app.database.db
      .insertInto('files')
      .values({
        name: 'old.png',
        size: PNG.length,
        contentType: 'image/png',
        path: 'files/legacy-orphan',
        created: new Date(START),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const oldStray = path.join(filesDir, 'stray-old');
    const newStray = path.join(filesDir, 'stray-new');
    writeFileSync(oldStray, PNG);
    writeFileSync(newStray, PNG);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(oldStray, twoHoursAgo, twoHoursAgo);

    time.set(LATER);
    // Uploaded at the later time: still inside the hour its token may be written in.
    const young = await floorPlanUpload();
    const before = await storedFiles();
    const orphans = [neverWritten, oldPlan, clearedPlan, deletedRowsPlan, legacy];
    const keptFiles = [keptPlan, newPlan, holidayImage, young];
    expect(before.map((row) => row.id).sort()).toEqual(
      [...orphans, ...keptFiles].map((file) => file.id).sort(),
    );

    expect(await server.app.jobs.runDue()).toBe(1);

    expect((await storedFiles()).map((row) => row.id).sort()).toEqual(
      keptFiles.map((file) => file.id).sort(),
    );
    expect(existsSync(legacyBytes)).toBe(false);
    expect([existsSync(oldStray), existsSync(newStray)]).toEqual([false, true]);
    const [listed] = await admin.json<Entity[]>('/services/Actor/parkingSlots/~list', {
      _mask: '{floorPlan}',
      _seek: { limit: 1 },
    });
    const download = await fetch(`${server.url}/ParkHere/download`, {
      headers: { 'X-Token': String(listed?.floorPlan), ...bearer(admin.token) },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);

    // A token whose file is gone is still unexpired (tokens keep the real time): refused, not a 500.
    const late = await admin.post(
      '/services/ParkingSlotSettings/~update',
      { floorPlan: neverWritten.token },
      withId(kept.__signedIdentifier, { 'X-Judo-Mask': '{floorPlan}' }),
    );
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual([
      expect.objectContaining({ code: 'INVALID_IDENTIFIER', location: 'floorPlan' }),
    ]);

    const runs = await jobRows(server.app.database.db, 'files.cleanup');
    expect(runs.map((row) => [row.state, row.runAt.toISOString()])).toEqual([
      ['done', '2026-12-01T09:00:00.000Z'],
      ['pending', '2026-12-01T11:00:00.000Z'],
    ]);
    expect(await server.app.jobs.runDue()).toBe(0);
  });
});
