import { AuditEntityType } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { auditedTables } from '../../src/audited.ts';
import { withId } from '../client.ts';
import { exportsOf } from '../engine/exports.ts';
import { worldOfFile } from '../world.ts';
import { auditMark, auditSince } from './audit-log.ts';

/*
 * The audit log as administrators read it (issue 28, items 7-9): Actor/auditLog, newest first, with who, why,
 * from where and what changed; every change one entry, a refused or rolled-back one none; users get 403.
 */

type Entry = {
  __signedIdentifier: string;
  at: string;
  actorName: string;
  actorEmail: string | null;
  reason: string | null;
  entityType: string;
  entityId: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  before: string | null;
  after: string | null;
  address: string | null;
  userAgent: string | null;
};
type Row = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };
type Filters = Record<string, unknown>;

const { db, user, admin, server } = await worldOfFile({ users: ['user', 'admin'] });
const { csvOf } = exportsOf(server);
const USER_EMAIL = 'user@parkhere.example';
const { name: userName } = (
  await sql<{ name: string }>`SELECT name FROM users WHERE email = ${USER_EMAIL}`.execute(db)
).rows[0] ?? { name: '' };
const AUDIT_LOG = '/services/Actor/auditLog';
const LIST = `${AUDIT_LOG}/~list`;
const AGENT = { 'user-agent': 'ParkHere audit test/1.0' };

const logOf = (filters: Filters = {}) => admin.json<Entry[]>(LIST, filters);
const about = (entityType: string, entityId: string): Filters => ({
  entityType: [{ operator: 'equal', value: entityType }],
  entityId: [{ operator: 'equal', value: entityId }],
});
const imageOf = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as Record<string, unknown>);

const createCar = (licensePlate: string) =>
  user.json<Row>('/services/ProfileSettings/createCar', { licensePlate, manufacturer: 'Fiat' }, AGENT);

describe('the audit log list', () => {
  it('shows each kind of change once, newest first, with who, from where and what changed', async () => {
    const car = await createCar('log-001');
    const archived = await user.json<Row>(
      '/services/Car/~update',
      { ...car, isArchived: true },
      withId(car.__signedIdentifier, { 'X-Judo-Mask': '{isArchived}', ...AGENT }),
    );
    expect(archived.isArchived).toBe(true);
    expect(
      (await user.post('/services/Car/deleteCar', undefined, withId(car.__signedIdentifier, AGENT))).status,
    ).toBe(200);

    const entries = await logOf(about('cars', car.__identifier));
    expect(entries.map((entry) => entry.action)).toEqual(['DELETE', 'UPDATE', 'INSERT']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorName: userName,
        actorEmail: USER_EMAIL,
        reason: null,
        address: '127.0.0.1',
        userAgent: AGENT['user-agent'],
      });
    }
    const [removed, changed, inserted] = entries.map((entry) => [
      imageOf(entry.before),
      imageOf(entry.after),
    ]);
    expect(inserted?.[0]).toBeNull();
    expect(inserted?.[1]).toMatchObject({
      license_plate: 'LOG-001',
      manufacturer: 'Fiat',
      is_archived: false,
    });
    // An update shows only what changed, on both sides.
    const version = Number(inserted?.[1]?.version);
    expect(changed?.[0]).toEqual({ is_archived: false, version });
    expect(changed?.[1]).toEqual({ is_archived: true, version: version + 1 });
    expect(removed?.[0]).toMatchObject({ license_plate: 'LOG-001', is_archived: true });
    expect(removed?.[1]).toBeNull();
    const times = entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('records nothing of a refused change or a rolled-back transaction', async () => {
    const car = await createCar('log-002');
    const othersCar = await admin.json<Row>('/services/ProfileSettings/createCar', {
      licensePlate: 'log-004',
    });
    const mark = await auditMark(db);
    // Refused: an empty plate (400), another user's car (404 to them).
    const refused = await user.post(
      '/services/Car/~update',
      { ...car, licensePlate: '' },
      withId(car.__signedIdentifier, { 'X-Judo-Mask': '{licensePlate}' }),
    );
    expect(refused.status).toBe(400);
    const notTheirs = await user.post(
      '/services/Car/~update',
      { ...othersCar, isArchived: true },
      withId(othersCar.__signedIdentifier, { 'X-Judo-Mask': '{isArchived}' }),
    );
    expect(notTheirs.status).toBe(404);
    // Rolled back: a dry run, and an insert the unique constraint refuses after its trigger ran.
    const validated = await user.post('/services/ProfileSettings/~update/cars/~validate', {
      licensePlate: 'LOG-003',
    });
    expect(validated.status).toBe(200);
    const duplicate = await user.post('/services/ProfileSettings/createCar', { licensePlate: 'log-002' });
    expect(duplicate.status).toBe(400);
    expect(await auditSince(db, mark)).toEqual([]);
    expect(await logOf(about('cars', car.__identifier))).toHaveLength(1);
  });

  it('filters by actor, entity, period and text, and pages by keyset', async () => {
    const from = new Date().toISOString();
    const cars = [await createCar('log-010'), await createCar('log-011'), await createCar('log-012')];
    const adminCar = await admin.json<Row>('/services/ProfileSettings/createCar', {
      licensePlate: 'log-013',
    });

    const byUser = await logOf({
      actorEmail: [{ operator: 'equal', value: USER_EMAIL }],
      entityType: [{ operator: 'equal', value: 'cars' }],
      at: [{ operator: 'greaterOrEqual', value: from }],
    });
    expect(byUser.map((entry) => entry.entityId)).toEqual(cars.map((car) => car.__identifier).reverse());
    const byName = await logOf({
      actorName: [{ operator: 'like', value: `%${userName.slice(1, 4)}%` }],
      at: [{ operator: 'greaterOrEqual', value: from }],
    });
    expect(byName.map((entry) => entry.entityId)).not.toContain(adminCar.__identifier);
    expect(byName.length).toBeGreaterThanOrEqual(3);

    const byText = await logOf({ content: [{ operator: 'like', value: '%log-012%' }] });
    expect(byText.map((entry) => entry.entityId)).toEqual([cars[2]?.__identifier]);
    const before = await logOf({
      entityType: [{ operator: 'equal', value: 'cars' }],
      at: [{ operator: 'lessThan', value: from }],
    });
    expect(before.map((entry) => entry.entityId)).not.toContain(cars[0]?.__identifier);

    const since = { at: [{ operator: 'greaterOrEqual', value: from }] };
    const all = await logOf(since);
    const first = await logOf({ ...since, _seek: { limit: 2 } });
    const [, second] = first;
    const next = await logOf({ ...since, _seek: { limit: 2, lastItem: second } });
    expect([...first, ...next].map((entry) => entry.__signedIdentifier)).toEqual(
      all.slice(0, 4).map((entry) => entry.__signedIdentifier),
    );
  });

  it('answers one entry in full, and exports the log with translated titles and the images as JSON text', async () => {
    const car = await createCar('log-020');
    const [entry] = await logOf(about('cars', car.__identifier));
    const read = await admin.json<Entry>(
      '/services/AuditEntry/~get',
      { _mask: '{action,before,after}' },
      withId(entry?.__signedIdentifier ?? ''),
    );
    expect(read.action).toBe('INSERT');
    expect(read.before).toBeNull();
    expect(imageOf(read.after)).toMatchObject({ license_plate: 'LOG-020' });

    const body = {
      ...about('cars', car.__identifier),
      _mask: '{actorName,entityType,entityId,action,before,after}',
    };
    const [english, hungarian] = [
      await csvOf(admin, AUDIT_LOG, body),
      await csvOf(admin, AUDIT_LOG, body, 'hu-HU'),
    ];
    expect(english[0]).toEqual(['Who', 'What', 'Identifier', 'Change', 'Before', 'After']);
    expect(hungarian[0]).toEqual(['Ki', 'Mit', 'Azonosító', 'Változás', 'Előtte', 'Utána']);
    for (const [rows, labels] of [
      [english, ['Car', 'Created']],
      [hungarian, ['Autó', 'Létrehozás']],
    ] as const) {
      expect(rows).toHaveLength(2);
      const [name, type, id, action, before, after] = rows[1] ?? [];
      expect([name, type, id, action, before]).toEqual([
        userName,
        labels[0],
        car.__identifier,
        labels[1],
        '',
      ]);
      expect(JSON.parse(after ?? '')).toMatchObject({ license_plate: 'LOG-020', manufacturer: 'Fiat' });
    }
  });

  it('is administrators’ only: a user gets 403 and no entry, and nobody may change or remove one', async () => {
    const listed = await user.answer({ method: 'POST', path: LIST, body: {} });
    expect(listed.status).toBe(403);
    expect(listed.body).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(JSON.stringify(listed.body)).not.toContain('actorName');
    const [entry] = await logOf({ _seek: { limit: 1 } });
    const read = await user.answer({
      method: 'POST',
      path: '/services/AuditEntry/~get',
      headers: withId(entry?.__signedIdentifier ?? ''),
      body: {},
    });
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('actorName');
    for (const call of ['~update', '~delete']) {
      const refused = await admin.answer({
        method: 'POST',
        path: `/services/AuditEntry/${call}`,
        headers: withId(entry?.__signedIdentifier ?? ''),
        body: {},
      });
      expect(refused.status).toBe(404);
    }
  });

  it('covers every audited table, those issue 28 names among them', async () => {
    const declared = auditedTables.map((audited) => audited.table).sort();
    expect(declared).toEqual([...AuditEntityType.values].sort());
    expect(declared).toEqual(
      expect.arrayContaining([
        'users',
        'user_accessed_garages',
        'configuration',
        'parking_garages',
        'parking_slots',
        'doormen',
        'additional_days',
        'reservations',
        'holidays',
        'waitlist_entries',
        'draws',
        'draw_requests',
        'cars',
      ]),
    );
  });
});
