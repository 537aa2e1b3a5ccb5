import { describe, expect, it } from 'vitest';
import { endpoints } from '../model/paths.ts';
import { transferTypes } from '../model/transfer-types.ts';
import { openApiDocument, openApiPath } from './document.ts';
import { endpointOperation } from './endpoint-operation.ts';
import { transferJsonSchema } from './model-schemas.ts';

const identity = {
  issuer: 'https://login.example.com/realms/acme/',
  clientId: 'parkhere',
  audience: 'parkhere',
};

const documentOf = (
  routes = endpoints().map((e) => ({
    method: e.method,
    url: `/api${e.path}`,
    operation: endpointOperation(e),
  })),
) => openApiDocument({ publicUrl: 'https://parking.example.com', version: '1.2.3', identity, routes });

describe('openApiDocument', () => {
  it('gives every endpoint of the model one operation with a unique id, a 200 and the error answers', () => {
    const document = documentOf();
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(endpoints().length);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '500']),
      );
    }
  });

  it('points the OpenID Connect scheme at the issuer’s discovery document', () => {
    expect(documentOf().components.securitySchemes.openIdConnect).toMatchObject({
      type: 'openIdConnect',
      openIdConnectUrl: 'https://login.example.com/realms/acme/.well-known/openid-configuration',
      'x-client-id': 'parkhere',
    });
  });

  it('writes route parameters the OpenAPI way and declares them', () => {
    expect(openApiPath('/ParkHere/check-in/:token')).toBe('/ParkHere/check-in/{token}');
    const document = documentOf([
      {
        method: 'GET',
        url: '/ParkHere/check-in/:token',
        operation: { summary: 'page', responses: { '200': { description: 'ok' } } },
      },
    ]);
    expect(document.paths['/ParkHere/check-in/{token}']?.get?.parameters).toEqual([
      { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });
});

describe('transferJsonSchema', () => {
  it('has every attribute and relation of the type and nothing else', () => {
    for (const definition of Object.values(transferTypes)) {
      const schema = transferJsonSchema(definition) as { properties: object; additionalProperties: boolean };
      expect(Object.keys(schema.properties)).toEqual(
        expect.arrayContaining([...Object.keys(definition.attributes), ...Object.keys(definition.relations)]),
      );
      expect(schema.additionalProperties).toBe(false);
    }
  });

  it('keeps the model’s nullability, lengths, patterns and defaults', () => {
    const car = transferJsonSchema(transferTypes.Car) as { properties: Record<string, unknown> };
    expect(car.properties.licensePlate).toMatchObject({ type: 'string', maxLength: expect.any(Number) });
    const input = transferJsonSchema(transferTypes.ReservationInput) as {
      properties: Record<string, unknown>;
      'x-required-on-create': string[];
    };
    expect(input.properties.startTime).toMatchObject({
      type: 'string',
      pattern: expect.stringContaining('[01]'),
    });
    expect(input.properties.sendNotification).toEqual({
      anyOf: [{ type: 'boolean' }, { type: 'null' }],
      default: true,
    });
    expect(input['x-required-on-create']).not.toContain('currentDate');
  });
});
