import { errorRefs, headers, type OperationObject, type Parameter } from '@parkhere/contract';
import { ALLOWED_CONTENT_TYPES, MAX_FILE_SIZE } from './file-types.ts';

/** The file flow of DESIGN §5 as /api/openapi.json describes it. */

const token = (what: string): Parameter => ({
  name: headers.token,
  in: 'header',
  required: true,
  description: what,
  schema: { type: 'string' },
});

export const uploadDescription: OperationObject = {
  operationId: 'upload',
  summary: 'Upload a file',
  description: `PNG, JPEG, WebP, PDF or SVG, ${MAX_FILE_SIZE} bytes at most; write the answered token into the attribute.`,
  tags: ['Files'],
  parameters: [token('The token of `…/~upload-token` for the attribute the file is for.')],
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        },
      },
    },
  },
  responses: {
    '200': {
      description: 'The stored file and the token that names it.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['files'],
            additionalProperties: false,
            properties: {
              files: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'size', 'cType', 'token'],
                  additionalProperties: false,
                  properties: {
                    id: { type: 'string' },
                    name: { type: 'string' },
                    size: { type: 'integer' },
                    cType: { type: 'string' },
                    token: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    ...errorRefs(['400', '401', '403', '500']),
  },
};

export const downloadDescription: OperationObject = {
  operationId: 'download',
  summary: 'Download a file',
  tags: ['Files'],
  parameters: [
    token('A file attribute’s value, as the API answered it to this caller.'),
    {
      name: 'disposition',
      in: 'query' as const,
      required: false,
      schema: { type: 'string', enum: ['inline', 'attachment'] },
    },
  ],
  responses: {
    '200': {
      description:
        'The file, as the type it was uploaded as, under a sandboxing Content-Security-Policy of its own.',
      content: Object.fromEntries(
        ALLOWED_CONTENT_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ),
    },
    ...errorRefs(['400', '401', '403', '404', '500']),
  },
};
