import { headers, NOTICES } from '../api.ts';
import { accessPoints } from '../model/access-points.ts';
import type { TransferDef } from '../model/dsl.ts';
import { EXPORT_FORMATS } from '../model/export-formats.ts';
import type { Endpoint } from '../model/paths.ts';
import { type TransferName, transferTypes } from '../model/transfer-types.ts';
import { type ErrorStatus, errorRefs } from './error-schemas.ts';
import { type JsonSchema, queryCustomizerName, schemaRef } from './model-schemas.ts';

/*
 * The OpenAPI operation of one endpoint of the model (`endpoints()`, which the server's engine registers):
 * what it takes (headers of SPEC §7, body) and what it answers, by the endpoint's kind.
 */

export type Parameter =
  | { $ref: string }
  | {
      name: string;
      in: 'header' | 'path' | 'query';
      required?: boolean;
      description?: string;
      schema: JsonSchema;
    };
export type ResponseObject = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: JsonSchema }>;
  /** The 200 body is empty (not JSON) when there is nothing to answer, e.g. a relation that is not set. */
  'x-empty-when-none'?: true;
};
export type OperationObject = {
  operationId?: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseObject | { $ref: string }>;
  security?: Record<string, string[]>[];
};

/** Header parameters of SPEC §7, by the name operations refer to them. */
export const headerParameters = () => ({
  SignedIdentifier: {
    name: headers.signedIdentifier,
    in: 'header',
    description: 'The `__signedIdentifier` of the instance the call is about.',
    schema: { type: 'string' },
  },
  Mask: {
    name: headers.mask,
    in: 'header',
    description: 'A mask (`{name,date}`) naming the fields the update writes; the others stay as stored.',
    schema: { type: 'string' },
  },
  MarkSelectedRangeItems: {
    name: headers.markSelectedRangeItems,
    in: 'header',
    description: '`true`: items the owner already holds carry `__selected: true`.',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
  CountRecords: {
    name: headers.countRecords,
    in: 'header',
    description: `\`true\`: the answer carries the number of matching items in \`${headers.count}\`.`,
    schema: { type: 'string', enum: ['true', 'false'] },
  },
});

const parameter = (name: keyof ReturnType<typeof headerParameters>): Parameter => ({
  $ref: `#/components/parameters/${name}`,
});

const READ_ERRORS: ErrorStatus[] = ['400', '401', '403', '404', '500'];
const WRITE_ERRORS: ErrorStatus[] = ['400', '401', '403', '404', '409', '422', '500'];

const body = (schema: JsonSchema, required = false) => ({
  required,
  content: { 'application/json': { schema } },
});

/** A 200 answer: JSON of `schema`, or an empty body without one. */
export const jsonAnswer = (
  description: string,
  schema?: JsonSchema,
  extra: Partial<ResponseObject> = {},
) => ({
  description,
  ...(schema === undefined ? {} : { content: { 'application/json': { schema } } }),
  ...extra,
});

const listOf = (type: string): JsonSchema => ({ type: 'array', items: schemaRef(type) });

const countHeader = {
  headers: {
    [headers.count]: {
      description: `The number of matching items, when asked for with ${headers.countRecords}.`,
      schema: { type: 'string', pattern: '^[0-9]+$' },
    },
  },
};

/** What a write did not do though it succeeded (contract NOTICES): only present when there is something to say. */
const noticeHeader = {
  headers: {
    [headers.notice]: {
      description:
        'A comma list of what the change did not do: GUEST_NOT_MAILED (the guest is not mailed) and DOORMEN_NOT_NOTIFIED (nor are the doormen at once), because the user’s hourly or the outside address’s daily mail budget is used up (README, Security). The change itself is made.',
      schema: { type: 'string', pattern: `^(${NOTICES.join('|')})(, (${NOTICES.join('|')}))*$` },
    },
  },
};

/** A list's `~export`: the same body as its `~list` (no page), the whole list as a file. */
const exportOf = (subject: string, target: string, parameters: Parameter[]): Described => ({
  summary: `Export ${subject}`,
  parameters: [
    ...parameters,
    {
      name: 'format',
      in: 'query',
      required: true,
      description: 'The file: CSV (UTF-8 with a byte order mark) or an Excel workbook.',
      schema: { type: 'string', enum: Object.keys(EXPORT_FORMATS) },
    },
  ],
  requestBody: body(schemaRef(queryCustomizerName(target as TransferName))),
  ok: {
    description: `Every ${target} the ~list call would answer for the body's filters and order, in pages of the server's own: a header row of the columns' titles in the caller's language (Accept-Language), then a row per item. Streamed, as an attachment (Content-Disposition).`,
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="…"',
        schema: { type: 'string' },
      },
    },
    content: Object.fromEntries(
      Object.values(EXPORT_FORMATS).map((format) => [
        format.mediaType,
        { schema: { type: 'string', format: 'binary' } },
      ]),
    ),
  },
  errors: READ_ERRORS,
});

type Described = {
  summary: string;
  parameters?: Parameter[];
  requestBody?: OperationObject['requestBody'];
  ok: ResponseObject;
  errors: ErrorStatus[];
};

/** The instance a call on a stored type is about: named by its signed identifier (a panel or form needs none). */
const instanceParameters = (type: TransferName, required: boolean): Parameter[] =>
  required || transferTypes[type].entity !== null ? [parameter('SignedIdentifier')] : [];

const describe = (endpoint: Endpoint): Described => {
  switch (endpoint.kind) {
    case 'accessPoint': {
      const target = accessPoints[endpoint.accessPoint].target as TransferName;
      const query = body(schemaRef(queryCustomizerName(target)));
      if (endpoint.call === '~export') {
        return exportOf(endpoint.accessPoint, target, []);
      }
      return endpoint.call === '~list'
        ? {
            summary: `List ${endpoint.accessPoint}`,
            parameters: [parameter('CountRecords')],
            requestBody: query,
            ok: jsonAnswer(`The ${target} items the caller may see.`, listOf(target), countHeader),
            errors: READ_ERRORS,
          }
        : {
            summary: `Read ${endpoint.accessPoint}`,
            requestBody: query,
            ok: jsonAnswer(`The first ${target} the caller may see.`, schemaRef(target)),
            errors: READ_ERRORS,
          };
    }
    case 'accessPointCreate': {
      const target = accessPoints[endpoint.accessPoint].target as TransferName;
      const dry = endpoint.call === '~validate';
      return {
        summary: `${dry ? 'Validate creating' : 'Create'} a ${target} in ${endpoint.accessPoint}`,
        requestBody: body(schemaRef(target), true),
        ok: jsonAnswer(
          dry ? 'The instance as it would be stored; nothing is.' : 'The stored instance.',
          schemaRef(target),
        ),
        errors: WRITE_ERRORS,
      };
    }
    case 'instance': {
      const { type } = endpoint;
      const id = instanceParameters(type, true);
      switch (endpoint.call) {
        case '~get':
          return {
            summary: `Read a ${type}`,
            parameters: id,
            requestBody: body(schemaRef(queryCustomizerName(type))),
            ok: jsonAnswer('The instance as the caller may see it.', schemaRef(type)),
            errors: READ_ERRORS,
          };
        case '~update':
        case '~validate':
          return {
            summary: `${endpoint.call === '~update' ? 'Update' : 'Validate an update of'} a ${type}`,
            parameters: [...id, parameter('Mask')],
            requestBody: body(schemaRef(type), true),
            ok: jsonAnswer('The instance as stored (for ~validate: as it would be).', schemaRef(type)),
            errors: WRITE_ERRORS,
          };
        case '~delete':
          return {
            summary: `Delete a ${type}`,
            parameters: id,
            ok: jsonAnswer('Deleted; the body is empty.'),
            errors: WRITE_ERRORS,
          };
      }
      break;
    }
    case 'template':
      return {
        summary: `A new ${endpoint.type} with its defaults`,
        ok: jsonAnswer(
          'The defaults of a new instance, the caller’s own where they depend on them.',
          schemaRef(endpoint.type),
        ),
        errors: READ_ERRORS,
      };
    case 'relation': {
      const definition: TransferDef = transferTypes[endpoint.type];
      const target = definition.relations[endpoint.relation]?.target ?? '';
      const owner = instanceParameters(endpoint.type, false);
      switch (endpoint.call) {
        case '~list':
          return {
            summary: `List ${endpoint.type}.${endpoint.relation}`,
            parameters: [...owner, parameter('CountRecords')],
            requestBody: body(schemaRef(queryCustomizerName(target as TransferName))),
            ok: jsonAnswer(`The owner's ${target} items.`, listOf(target), countHeader),
            errors: READ_ERRORS,
          };
        case '~get':
          return {
            summary: `Read ${endpoint.type}.${endpoint.relation}`,
            parameters: owner,
            requestBody: body(schemaRef(queryCustomizerName(target as TransferName))),
            ok: jsonAnswer(`The owner's ${target}; an empty body when none is set.`, schemaRef(target), {
              'x-empty-when-none': true,
            }),
            errors: READ_ERRORS,
          };
        case '~export':
          return exportOf(`${endpoint.type}.${endpoint.relation}`, target, owner);
        case '~range':
          return {
            summary: `The ${target} items ${endpoint.type}.${endpoint.relation} may be set to`,
            parameters: [...owner, parameter('MarkSelectedRangeItems'), parameter('CountRecords')],
            requestBody: body({
              type: 'object',
              properties: {
                owner: { anyOf: [schemaRef(endpoint.type), { type: 'null' }] },
                queryCustomizer: schemaRef(queryCustomizerName(target as TransferName)),
              },
              additionalProperties: false,
            }),
            ok: jsonAnswer('The candidates.', listOf(target), countHeader),
            errors: READ_ERRORS,
          };
      }
      break;
    }
    case 'relationUpdate': {
      const definition: TransferDef = transferTypes[endpoint.type];
      const relation = definition.relations[endpoint.relation];
      const target = relation?.target ?? '';
      const many = relation?.cardinality === 'many';
      const picked = many ? listOf(target) : schemaRef(target);
      const verb = endpoint.call.slice(1);
      if (definition.entity === null) {
        // A form not yet stored: the draft travels in the body and comes back with the relation changed.
        return {
          summary: `${verb} ${endpoint.type}.${endpoint.relation} of a draft`,
          requestBody: body(
            {
              type: 'object',
              properties: { owner: schemaRef(endpoint.type), value: picked },
              additionalProperties: false,
            },
            true,
          ),
          ok: jsonAnswer('The draft with the relation changed.', schemaRef(endpoint.type)),
          errors: WRITE_ERRORS,
        };
      }
      const creates = endpoint.call === '~create' || endpoint.call === '~validate';
      return {
        summary: `${verb} ${endpoint.type}.${endpoint.relation}`,
        parameters: instanceParameters(endpoint.type, true),
        ...(endpoint.call === '~unset'
          ? {}
          : { requestBody: body(creates ? schemaRef(target) : picked, true) }),
        ok: creates
          ? jsonAnswer('The created instance (for ~validate: as it would be).', schemaRef(target))
          : jsonAnswer('Done; the body is empty.'),
        errors: WRITE_ERRORS,
      };
    }
    case 'operation': {
      const definition = (transferTypes[endpoint.type] as TransferDef).operations[endpoint.operation];
      const input = definition?.input ?? null;
      const output = definition?.output ?? null;
      const outputIsList =
        output !== null &&
        definition?.outputCardinality === 'many' &&
        transferTypes[output as TransferName].entity !== null;
      return {
        summary: `${endpoint.type}.${endpoint.operation}`,
        ...(definition?.bound === true ? { parameters: instanceParameters(endpoint.type, true) } : {}),
        ...(input === null
          ? {}
          : { requestBody: body({ anyOf: [schemaRef(input), { type: 'null' }] }, true) }),
        ok:
          output === null
            ? jsonAnswer('Done; the body is empty.', undefined, noticeHeader)
            : jsonAnswer(
                `The ${output}${outputIsList ? ' items' : ''} it made or changed; an empty body when none.`,
                outputIsList ? listOf(output) : schemaRef(output),
                { 'x-empty-when-none': true, ...noticeHeader },
              ),
        errors: WRITE_ERRORS,
      };
    }
    case 'uploadToken':
      return {
        summary: `A token to upload ${endpoint.type}.${endpoint.attribute}`,
        parameters: instanceParameters(endpoint.type, false),
        ok: jsonAnswer('POST the file with it (X-Token) to /ParkHere/upload.', {
          type: 'object',
          properties: { token: { type: 'string' } },
          required: ['token'],
          additionalProperties: false,
        }),
        errors: WRITE_ERRORS,
      };
  }
  throw new Error('an endpoint kind without a description');
};

const tagOf = (endpoint: Endpoint): string =>
  endpoint.kind === 'accessPoint' || endpoint.kind === 'accessPointCreate' ? 'Actor' : endpoint.type;

/** The OpenAPI operation of one model endpoint. */
export const endpointOperation = (endpoint: Endpoint): OperationObject => {
  const described = describe(endpoint);
  return {
    operationId: endpoint.path.replace(/^\/services\//, '').replace(/[^A-Za-z0-9]+/g, '_'),
    summary: described.summary,
    tags: [tagOf(endpoint)],
    ...(described.parameters === undefined || described.parameters.length === 0
      ? {}
      : { parameters: described.parameters }),
    ...(described.requestBody === undefined ? {} : { requestBody: described.requestBody }),
    responses: { '200': described.ok, ...errorRefs(described.errors) },
  };
};
