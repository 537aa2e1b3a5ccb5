import { describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { userIdOf, worldOfFile } from '../world.ts';
import { auditMark, auditSince } from './audit-log.ts';

/* The engine's transaction wrapper stamps every write of a signed-in user's call with `user:<id>`. */

type Entity = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };

const { server, db, user } = await worldOfFile({ users: ['user'] });
const actor = `user:${await userIdOf(server, 'user@parkhere.example')}`;

const createCar = (licensePlate: string) =>
  user.post('/services/ProfileSettings/createCar', { licensePlate, manufacturer: 'Fiat' });

describe('the audit log of engine writes', () => {
  it('records a create, an update (only the changed columns) and a delete with the user who made them', async () => {
    const mark = await auditMark(db);
    const created = (await (await createCar('aud-001')).json()) as Entity;
    const carId = created.__identifier;
    const archived = await user.json<Entity>(
      '/services/Car/~update',
      { ...created, isArchived: true },
      withId(created.__signedIdentifier, { 'X-Judo-Mask': '{isArchived}' }),
    );
    expect(archived.isArchived).toBe(true);
    expect(
      (await user.post('/services/Car/deleteCar', undefined, withId(created.__signedIdentifier))).status,
    ).toBe(200);

    const entries = await auditSince(db, mark, 'cars');
    expect(entries.map(({ action, rowId, actor }) => ({ action, rowId, actor }))).toEqual([
      { action: 'INSERT', rowId: carId, actor },
      { action: 'UPDATE', rowId: carId, actor },
      { action: 'DELETE', rowId: carId, actor },
    ]);
    const [insert, update, remove] = entries;
    expect(insert).toMatchObject({
      reason: null,
      before: null,
      after: { license_plate: 'AUD-001', manufacturer: 'Fiat' },
    });
    expect(update?.before).toMatchObject({ is_archived: false });
    expect(update?.after).toMatchObject({ is_archived: true });
    expect(Object.keys(update?.after ?? {})).not.toContain('license_plate');
    expect(Object.keys(update?.after ?? {}).sort()).toEqual(Object.keys(update?.before ?? {}).sort());
    expect(remove).toMatchObject({ after: null, before: { id: Number(carId), license_plate: 'AUD-001' } });
  });

  it('records nothing of a rolled-back transaction: a dry run, or a write a constraint refuses', async () => {
    const mark = await auditMark(db);
    const validated = await user.post('/services/ProfileSettings/~update/cars/~validate', {
      licensePlate: 'AUD-002',
    });
    expect(validated.status).toBe(200);
    expect((await createCar('aud-003')).status).toBe(200);
    const duplicate = await createCar('AUD-003');
    expect(duplicate.status).toBe(400);
    const entries = await auditSince(db, mark, 'cars');
    expect(entries.map((entry) => entry.after?.license_plate)).toEqual(['AUD-003']);
  });
});
