import { endpoints, headers, jsonAnswer, type OpenApiDocument } from '@parkhere/contract';
import { validate } from '@readme/openapi-parser';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UNDESCRIBED } from '../src/platform/http/api-description.ts';
import { requestsAs } from './client.ts';
import { answerCheckerOf } from './described-answers.ts';
import { bearer, mintToken } from './tokens.ts';
import { createWorld, worldOfFile } from './world.ts';

const { server, anonymous } = await worldOfFile();

const described = async (url = server.url): Promise<OpenApiDocument> => {
  const response = await fetch(`${url}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as OpenApiDocument;
};

const document = await described();

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document a validator nobody here wrote accepts', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(document) as never);
    // The validator's own words first, so a failure says what is wrong.
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, warnings: [], specification: 'OpenAPI' });
  });

  it('describes every endpoint of the model, with the method the server serves it by', () => {
    for (const endpoint of endpoints()) {
      expect(
        document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()],
        endpoint.path,
      ).toBeDefined();
    }
    for (const path of [
      '/api/services/Actor/~principal',
      '/api/services/Actor/~meta',
      '/api/health',
      '/ParkHere/upload',
      '/ParkHere/download',
      '/ParkHere/check-in/{token}',
      '/ParkHere/release/{token}',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const undescribed = operationsOf(document).filter(({ operation }) => UNDESCRIBED in operation);
    expect(undescribed.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('lists a route as soon as one is registered, marked while nobody describes it', async () => {
    const extra: FastifyPluginAsync = async (api) => {
      api.post('/services/Extra/~probe', async () => ({}));
    };
    const world = await createWorld({ apiPlugins: [extra] });
    try {
      const probe = (await described(world.server.url)).paths['/api/services/Extra/~probe']?.post;
      expect(probe).toMatchObject({ [UNDESCRIBED]: true });
    } finally {
      await world.server.close();
    }
  });

  it('carries the headers of SPEC §7 where they apply', () => {
    const parameters = document.components.parameters as Record<string, { name: string; in: string }>;
    const names = (path: string) =>
      (document.paths[path]?.post?.parameters ?? []).map((parameter) =>
        '$ref' in parameter ? parameters[parameter.$ref.split('/').at(-1) ?? '']?.name : parameter.name,
      );
    expect(names('/api/services/Car/~update')).toEqual([headers.signedIdentifier, headers.mask]);
    expect(names('/api/services/Car/deleteCar')).toEqual([headers.signedIdentifier]);
    expect(names('/api/services/ReservationInput/parkingSlot/~range')).toEqual([
      headers.markSelectedRangeItems,
      headers.countRecords,
    ]);
    expect(names('/api/services/Actor/parkingSlots/~list')).toEqual([headers.countRecords]);
    const list = document.paths['/api/services/Actor/parkingSlots/~list']?.post?.responses['200'] as {
      headers: Record<string, unknown>;
    };
    expect(Object.keys(list.headers)).toEqual([headers.count]);
  });

  it('describes bodies from the model: required fields of a create, enumerations, read-only attributes', () => {
    const input = document.components.schemas.ReservationInput as {
      properties: Record<string, { readOnly?: boolean; anyOf?: unknown }>;
      'x-required-on-create': string[];
    };
    expect(input['x-required-on-create']).toEqual(
      expect.arrayContaining(['date', 'startTime', 'endTime', 'reservationType', 'user', 'parkingSlot']),
    );
    expect(input.properties.currentDate?.readOnly).toBe(true);
    expect(document.components.schemas.ReservationType).toEqual({
      type: 'string',
      enum: ['NORMAL', 'QUICK', 'GUEST', 'LONG'],
    });
    const create = document.paths['/api/services/UserReservationPanel/reservation']?.post;
    expect(JSON.stringify(create?.requestBody)).toContain('#/components/schemas/ReservationInput');
  });

  it('answers each error status with its codes', () => {
    const create = document.paths['/api/services/UserReservationPanel/reservation']?.post?.responses ?? {};
    expect(Object.keys(create)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '422',
      '500',
    ]);
    // What body parsing refuses, for every route of the API's scope that takes a body, and none that takes none.
    const statusesOf = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(statusesOf('/api/calendar-feed', 'post')).toEqual(expect.arrayContaining(['400', '413', '415']));
    expect(statusesOf('/ParkHere/upload', 'post')).toEqual(expect.arrayContaining(['400', '413', '415']));
    expect(statusesOf('/api/services/ReservationInput/~template', 'get')).not.toContain('415');
    expect(statusesOf('/ParkHere/download', 'get')).not.toContain('415');
    // A download answers the file as the type it was uploaded as (the fuzzer met image/png).
    const download = document.paths['/ParkHere/download']?.get?.responses['200'] as { content: object };
    expect(Object.keys(download.content)).toEqual(
      expect.arrayContaining(['image/png', 'image/svg+xml', 'application/pdf']),
    );
    // The check-in link's button reads no body, so it refuses none.
    expect(statusesOf('/ParkHere/check-in/{token}', 'post')).toEqual(['200', '404', '422']);
    expect(statusesOf('/ParkHere/release/{token}', 'post')).toEqual(['200', '404', '422']);
    const conflict = document.components.schemas.ConflictError as {
      properties: { code: { enum: string[] } };
    };
    expect(conflict.properties.code.enum).toEqual(
      expect.arrayContaining(['SLOT_ALREADY_RESERVED', 'OVERLAPPING_RESERVATION', 'VERSION_CONFLICT']),
    );
    const fault = JSON.stringify(document.components.schemas.BusinessFault);
    expect(fault).toContain('ParkHere::BusinessError');
    expect(fault).toContain('TOO_MANY_RESERVATION');
  });

  it('names the provider: an OpenID Connect scheme whose discovery URL answers, and the bearer token', async () => {
    const schemes = document.components.securitySchemes as Record<string, Record<string, string>>;
    const issuer = server.config.identity.issuer;
    expect(schemes.openIdConnect).toMatchObject({
      type: 'openIdConnect',
      openIdConnectUrl: `${issuer}/.well-known/openid-configuration`,
      'x-client-id': server.config.identity.clientId,
      'x-audience': server.config.identity.audience,
    });
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const discovery = await fetch(schemes.openIdConnect?.openIdConnectUrl ?? '');
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(issuer);
    // Only the public routes do without.
    const open = operationsOf(document).filter(({ operation }) => operation.security?.length === 0);
    expect(open.map(({ path }) => path)).not.toContain('/api/services/Actor/~principal');
    expect(open.map(({ path }) => path)).toContain('/api/services/Actor/~meta');
  });

  it('is public and the same with a forged token; other methods are not served', async () => {
    const forged = await fetch(`${server.url}/api/openapi.json`, { headers: bearer('forged.token.value') });
    expect(forged.status).toBe(200);
    expect(await forged.json()).toEqual(document);
    // Another method is no route: asked for without a token, the API's answer to that.
    const posted = await anonymous.answer({ method: 'POST', path: '/openapi.json', body: {} });
    expect(posted).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION_REQUIRED' } });
  });
});

describe('the answer check every API test runs (client.ts)', () => {
  const check = answerCheckerOf(document);
  const car = { method: 'POST', path: '/api/services/Car/~get' };
  const json = (status: number, body: unknown) => ({
    status,
    contentType: 'application/json; charset=utf-8',
    text: JSON.stringify(body),
  });

  it('passes an answer as described', () => {
    expect(() =>
      check(car, json(200, { __entityType: 'ParkHere::Car', licensePlate: 'ABC-123', isFavorite: true })),
    ).not.toThrow();
    expect(() => check(car, json(404, { code: 'ENTITY_NOT_FOUND' }))).not.toThrow();
    // A path parameter's value is checked against its path's template.
    const page = { status: 404, contentType: 'text/html; charset=utf-8', text: '<!DOCTYPE html>' };
    expect(() => check({ method: 'GET', path: '/ParkHere/check-in/abc.def' }, page)).not.toThrow();
    expect(() => check({ method: 'GET', path: '/ParkHere/check-in/abc' }, { ...page, status: 415 })).toThrow(
      /GET \/ParkHere\/check-in\/\{token\} answered 415, a status its OpenAPI description does not list/,
    );
  });

  it('fails a field, a type, a code or a status the description does not have, saying which', () => {
    expect(() => check(car, json(200, { licensePlate: 'ABC-123', secret: 1 }))).toThrow(
      /POST \/api\/services\/Car\/~get answered 200 with a body its OpenAPI description does not allow: .*additional properties/,
    );
    expect(() => check(car, json(200, { isFavorite: 'yes' }))).toThrow(/isFavorite must be boolean/);
    expect(() => check(car, json(404, { code: 'GONE' }))).toThrow(
      /code must be equal to one of the allowed values/,
    );
    expect(() => check(car, json(418, { code: 'TEAPOT' }))).toThrow(
      /418, a status its OpenAPI description does not list/,
    );
    expect(() => check(car, { status: 200, contentType: 'application/json', text: '' })).toThrow(
      /empty body/,
    );
  });

  it('runs on the shared helper: a real answer outside the description fails the call', async () => {
    // A route described as answering an integer `a`, which answers a string.
    const wrong: FastifyPluginAsync = async (api) => {
      const integer = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
      api.post(
        '/services/Extra/~wrong',
        {
          config: {
            describe: { summary: 'wrong', responses: { '200': jsonAnswer('An integer a.', integer) } },
          },
        },
        async () => ({ a: 'one' }),
      );
    };
    const world = await createWorld({ apiPlugins: [wrong] });
    try {
      const caller = requestsAs(world.server.url, await mintToken(world.server));
      await expect(caller.post('/services/Extra/~wrong', {})).rejects.toThrow(
        /POST \/api\/services\/Extra\/~wrong answered 200 with a body its OpenAPI description does not allow: data\/a must be integer/,
      );
      // A described answer passes: a Car ~get without the header naming the car.
      await expect(caller.post('/services/Car/~get', {})).resolves.toMatchObject({ status: 400 });
    } finally {
      await world.server.close();
    }
  });
});

describe('GET /api/docs', () => {
  it('renders the description with Swagger UI from this server, under the app’s own policy', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(html).not.toMatch(/<script>|https?:\/\//);
    const health = await fetch(`${server.url}/api/health`);
    const policy = page.headers.get('content-security-policy');
    expect(policy).toBe(health.headers.get('content-security-policy'));
    expect(policy).toContain("script-src 'self';");
    const bundle = await fetch(`${server.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const start = await (await fetch(`${server.url}/api/docs/initializer.js`)).text();
    expect(start).toContain("url: '/api/openapi.json'");
  });

  it('signs Authorize in with code and PKCE as the web app’s client, back to a redirect page it serves', async () => {
    const start = await (await fetch(`${server.url}/api/docs/initializer.js`)).text();
    expect(start).toContain('usePkceWithAuthorizationCodeGrant: true');
    expect(start).toContain('clientId: "parkhere-web"');
    expect(start).toContain("oauth2RedirectUrl: window.location.origin + '/api/docs/oauth2-redirect.html'");
    const redirect = await fetch(`${server.url}/api/docs/oauth2-redirect.html`);
    expect(redirect.status).toBe(200);
    expect(redirect.headers.get('content-type')).toMatch(/^text\/html/);
    // No inline script: the app's policy holds for it too.
    const html = await redirect.text();
    expect(html).toContain('<script src="/api/docs/oauth2-redirect.js"></script>');
    expect(html).not.toMatch(/<script>/);
    const script = await fetch(`${server.url}/api/docs/oauth2-redirect.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    // The answer goes to the page that asked by a channel of this origin, not by an opener the policy cuts off.
    expect(await script.text()).toContain("new BroadcastChannel('parkhere-api-docs-oauth2')");
    expect(start).toContain("new BroadcastChannel('parkhere-api-docs-oauth2')");
    expect(start).toContain("answer.get('state') !== waiting.state");
    expect(redirect.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('keeps the app’s pages on the strict policy', async () => {
    const app = await fetch(`${server.url}/dashboard`, { headers: { accept: 'text/html' } });
    const policy = app.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
