import { ANSWER_LIMITS, maxItemsPerAnswer, parseMask, type TransferName } from '@parkhere/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withId } from '../client.ts';
import { worldOfFile } from '../world.ts';

/*
 * No single request may ask the server for unbounded work (issue [Hardening] 2): masks that turn back or nest
 * deeper than the screens need are refused, and lists, nested lists and bytes have limits that answer 400
 * with the limit instead of a cut answer.
 */

type Entity = Record<string, unknown> & { __signedIdentifier: string };

const garages = (body: Record<string, unknown>) => admin.post('/services/Actor/parkingGarages/~list', body);
/** The page size the limits allow a mask, as the contract computes it for every client. */
const pageOf = (type: TransferName, text: string): number => {
  const parsed = parseMask(text, type);
  if (!parsed.ok) {
    throw new Error(text);
  }
  return maxItemsPerAnswer(type, parsed.value);
};
const errorsOf = async (response: Response) => ({ status: response.status, body: await response.json() });

const { server, admin } = await worldOfFile({ users: ['admin'] });

describe('masks', () => {
  it('refuses the mask that revisits garages through their slots, which used to answer 48 MB', async () => {
    const bomb =
      '{parkingSlots{name,parkingGarage{parkingSlots{name,parkingGarage{parkingSlots{name,parkingGarage{name}}}}}}}';
    expect(await errorsOf(await garages({ _mask: bomb }))).toEqual({
      status: 400,
      body: [expect.objectContaining({ code: 'INVALID_QUERY_MASK', location: '_mask' })],
    });
  });

  it('refuses a relation of a relation, in a header mask of an update too', async () => {
    expect(await errorsOf(await garages({ _mask: '{accessedUsers{name,cars{licensePlate}}}' }))).toEqual({
      status: 400,
      body: [expect.objectContaining({ code: 'INVALID_QUERY_MASK', location: '_mask' })],
    });
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', {
      _seek: { limit: 1 },
    });
    const update = await admin.post(
      '/services/ParkingGarageSettings/~update',
      { ...garage },
      withId(String(garage?.__signedIdentifier), { 'X-Judo-Mask': '{parkingSlots{parkingGarage{name}}}' }),
    );
    expect(await errorsOf(update)).toEqual({
      status: 400,
      body: [expect.objectContaining({ code: 'INVALID_QUERY_MASK', location: 'X-Judo-Mask' })],
    });
  });
});

describe('lists', () => {
  const perPage = pageOf('ParkingGarageSettings', '{name,accessedUsers{email}}');

  beforeAll(async () => {
    await sql`INSERT INTO parking_garages (name) SELECT 'Limit garage ' || n FROM generate_series(1, ${perPage + 2}::int) n`.execute(
      server.app.database.db,
    );
  });

  it('sizes the page of a mask with a nested list by that list’s limit, and says so', async () => {
    const mask = '{name,accessedUsers{email}}';
    expect(await errorsOf(await garages({ _mask: mask }))).toEqual({
      status: 400,
      body: [{ code: 'TOO_MANY_ITEMS', level: 'ERROR', location: '', details: { limit: perPage } }],
    });
    expect(await errorsOf(await garages({ _mask: mask, _seek: { limit: perPage + 1 } }))).toEqual({
      status: 400,
      body: [
        { code: 'TOO_MANY_ITEMS', level: 'ERROR', location: '_seek.limit', details: { limit: perPage } },
      ],
    });
    const page = await garages({ _mask: mask, _seek: { limit: perPage } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as unknown[]).length).toBe(perPage);
    // Without nested lists the same garages come in one answer.
    const flat = await garages({ _mask: '{name}' });
    expect(flat.status).toBe(200);
    expect(((await flat.json()) as unknown[]).length).toBeGreaterThan(perPage);
  });

  it('refuses a nested list over its limit instead of cutting it, and answers it at the limit', async () => {
    const db = server.app.database.db;
    await sql`INSERT INTO parking_garages (name) VALUES ('Crowded Garage')`.execute(db);
    await sql`INSERT INTO users (email, name)
      SELECT 'crowd' || n || '@parkhere.example', 'Crowd ' || n
      FROM generate_series(1, ${ANSWER_LIMITS.maxNestedItems + 1}::int) n`.execute(db);
    await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id)
      SELECT u.id, g.id FROM users u, parking_garages g
      WHERE u.email LIKE 'crowd%' AND g.name = 'Crowded Garage'`.execute(db);
    const crowded = {
      _mask: '{name,accessedUsers{email}}',
      _seek: { limit: 1 },
      name: [{ operator: 'equal', value: 'Crowded Garage' }],
    };
    expect(await errorsOf(await garages(crowded))).toEqual({
      status: 400,
      body: [
        {
          code: 'TOO_MANY_ITEMS',
          level: 'ERROR',
          location: 'accessedUsers',
          details: { limit: ANSWER_LIMITS.maxNestedItems },
        },
      ],
    });
    await sql`DELETE FROM user_accessed_garages WHERE user_id = (SELECT id FROM users WHERE email = 'crowd1@parkhere.example')`.execute(
      db,
    );
    const [garage] = await admin.json<Entity[]>('/services/Actor/parkingGarages/~list', crowded);
    expect((garage?.accessedUsers as unknown[] | undefined)?.length).toBe(ANSWER_LIMITS.maxNestedItems);
  });

  it('refuses a list longer than one answer may hold unless it is paged', async () => {
    const db = server.app.database.db;
    await sql`INSERT INTO additional_days (day, type_of_day)
      SELECT DATE '2100-01-01' + n, 'WORK' FROM generate_series(0, ${ANSWER_LIMITS.maxObjects}::int) n`.execute(
      db,
    );
    const configuration = await admin.json<Entity>('/services/Actor/configurationSettings/~get', {});
    const days = (body: Record<string, unknown>) =>
      admin.post(
        '/services/ConfigurationSettings/additionalDays/~list',
        body,
        withId(configuration.__signedIdentifier),
      );
    expect(await errorsOf(await days({ _mask: '{day}' }))).toEqual({
      status: 400,
      body: [
        {
          code: 'TOO_MANY_ITEMS',
          level: 'ERROR',
          location: '',
          details: { limit: ANSWER_LIMITS.maxObjects },
        },
      ],
    });
    const page = await days({ _mask: '{day}', _seek: { limit: 1000 } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as unknown[]).length).toBe(1000);
  });

  it('sizes a page by the longest texts the model allows, and refuses an answer over the byte limit', async () => {
    const db = server.app.database.db;
    const mask = '{name,emailTemplateOfTheGarage}';
    const perTemplatePage = pageOf('ParkingGarageSettings', mask);
    expect(perTemplatePage).toBeLessThan(100);
    expect(await errorsOf(await garages({ _mask: mask, _seek: { limit: perTemplatePage + 1 } }))).toEqual({
      status: 400,
      body: [
        {
          code: 'TOO_MANY_ITEMS',
          level: 'ERROR',
          location: '_seek.limit',
          details: { limit: perTemplatePage },
        },
      ],
    });
    // Control characters travel as six-byte escapes: more than the page was sized for.
    const template = '\u0001'.repeat(65_000);
    await sql`INSERT INTO parking_garages (name)
      SELECT 'Heavy garage ' || n FROM generate_series(1, ${perTemplatePage}::int) n`.execute(db);
    await sql`UPDATE parking_garages SET email_template_of_the_garage = ${template}`.execute(db);
    expect(await errorsOf(await garages({ _mask: mask, _seek: { limit: perTemplatePage } }))).toEqual({
      status: 400,
      body: [
        {
          code: 'ANSWER_TOO_LARGE',
          level: 'ERROR',
          location: '',
          details: { limit: ANSWER_LIMITS.maxBytes },
        },
      ],
    });
    const page = await garages({ _mask: mask, _seek: { limit: 10 } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as unknown[]).length).toBe(10);
  });
});
