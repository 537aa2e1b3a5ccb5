import { headers } from '../api.ts';
import {
  AUTHENTICATION_CODES,
  BUSINESS_ERROR_CODES,
  BUSINESS_FAULT_NAME,
  CONFLICT_CODES,
  FORBIDDEN_CODES,
} from '../codes.ts';
import { ValidationCode } from '../errors.ts';
import { IMPORT_FILE_CODES } from '../imports.ts';
import { RuleCode } from '../model/rule-codes.ts';
import { type JsonSchema, schemaRef } from './model-schemas.ts';

/*
 * The error answers of DESIGN §5 (platform/http/errors.ts on the server), with the codes the contract lists
 * for each status.
 */

const details: JsonSchema = { type: 'object', additionalProperties: true };

const coded = (codes: readonly string[], extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'string', enum: [...codes] }, ...extra },
  required: ['code'],
  additionalProperties: false,
});

/**
 * 400 items: the model's validation codes, the rules' codes, an import's refused file, and a request Fastify
 * itself refused.
 */
export const VALIDATION_ITEM_CODES = [
  ...ValidationCode.options,
  ...RuleCode.options,
  ...IMPORT_FILE_CODES,
  'INVALID_REQUEST',
] as const;

export const errorSchemas = (): Record<string, JsonSchema> => ({
  ValidationErrorItem: {
    type: 'object',
    properties: {
      code: { type: 'string', enum: [...VALIDATION_ITEM_CODES] },
      level: { type: 'string', enum: ['ERROR', 'WARNING'] },
      location: {
        type: 'string',
        description: 'The field it concerns, e.g. `cars[0].licensePlate`; empty for the whole body.',
      },
      details,
    },
    required: ['code', 'location'],
    additionalProperties: false,
  },
  ValidationErrors: { type: 'array', items: schemaRef('ValidationErrorItem') },
  AuthenticationError: coded(AUTHENTICATION_CODES),
  ForbiddenError: coded(FORBIDDEN_CODES),
  NotFoundError: coded(['ENTITY_NOT_FOUND']),
  ConflictError: coded(CONFLICT_CODES, { details }),
  BusinessFault: {
    type: 'object',
    properties: {
      [BUSINESS_FAULT_NAME]: {
        type: 'object',
        properties: {
          errorCode: { type: 'string', enum: [...BUSINESS_ERROR_CODES] },
          message: { type: 'string' },
          details,
        },
        required: ['errorCode', 'message'],
        additionalProperties: false,
      },
      code: { type: 'string', enum: [...BUSINESS_ERROR_CODES] },
      details,
    },
    required: [BUSINESS_FAULT_NAME, 'code'],
    additionalProperties: false,
  },
  ServerError: coded(['INTERNAL_SERVER_ERROR']),
});

const json = (schema: string) => ({ 'application/json': { schema: schemaRef(schema) } });

/** The shared error answers, by status; operations refer to them as `#/components/responses/{status}`. */
export const errorResponses = () => ({
  '400': {
    description: 'The body, a header or the query is not valid: one item a problem.',
    content: json('ValidationErrors'),
  },
  '401': {
    description: 'No valid bearer access token.',
    headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
    content: json('AuthenticationError'),
  },
  '403': {
    description: 'The caller may not use this type or access point.',
    content: json('ForbiddenError'),
  },
  '404': {
    description: 'No such instance as the caller may see it (or no such path).',
    content: json('NotFoundError'),
  },
  '409': { description: 'The change conflicts with what is stored.', content: json('ConflictError') },
  '413': {
    description: 'The body is larger than the server takes.',
    content: json('ValidationErrors'),
  },
  '415': {
    description: 'The body is of a media type the call does not take (JSON; a form for an upload).',
    content: json('ValidationErrors'),
  },
  '422': {
    description: 'A business rule refused the operation.',
    headers: { [headers.fault]: { schema: { type: 'string', const: BUSINESS_FAULT_NAME } } },
    content: json('BusinessFault'),
  },
  '500': { description: 'The server failed.', content: json('ServerError') },
});

export type ErrorStatus = keyof ReturnType<typeof errorResponses>;

export const errorRefs = (statuses: readonly ErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${status}` }]));
