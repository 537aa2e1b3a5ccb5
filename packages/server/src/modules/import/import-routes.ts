import {
  errorRefs,
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_LIST_SEPARATOR,
  IMPORT_MAX_BYTES,
  IMPORT_REQUIRED_COLUMNS,
  ImportAnswerSchema,
  type ImportFileCode,
  type ImportKind,
  importPath,
  jsonAnswer,
  jsonSchemaOf,
  type OperationObject,
} from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import { requestContext } from '../../engine/plugin.ts';
import type { Registry } from '../../engine/registry.ts';
import { requestedLocale } from '../../platform/auth/resolve-actor.ts';
import { ForbiddenError, ValidationError } from '../../platform/errors.ts';
import { createFileTokens } from '../../platform/http/file-tokens.ts';
import { loadSigningSecret } from '../../platform/http/signed-identifier.ts';
import { DEFAULT_LOCALE } from '../../platform/mail/mail-context.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { MAX_ROWS, readCsv } from './csv-file.ts';
import { IMPORT_TABLES } from './import-kinds.ts';
import { importRows } from './import-rows.ts';

const describe = (kind: ImportKind): OperationObject => {
  const answer = jsonSchemaOf(ImportAnswerSchema);
  return {
    summary: `Import ${kind} from a CSV file (administrators)`,
    description: `A text/csv body, UTF-8 with or without a byte-order mark, fields separated by ';' or ',', the header naming its columns among ${IMPORT_COLUMNS[kind].join(', ')} (${IMPORT_REQUIRED_COLUMNS[kind].join(' and ')} required); garages by name, '${IMPORT_LIST_SEPARATOR}' between several. At most ${MAX_ROWS} rows and ${IMPORT_MAX_BYTES} bytes. Each row is created or updated by the rules of the table's own create and update; an omitted column or empty cell keeps the default on a create and what is stored on an update. dryRun=true changes nothing; without it the whole file is written in one transaction, or nothing of it when a row is refused (422, the same answer).`,
    tags: ['Import'],
    parameters: [
      {
        name: 'dryRun',
        in: 'query',
        required: false,
        description: 'true: judge every row, change nothing.',
        schema: { type: 'string', enum: ['true', 'false'] },
      },
    ],
    requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } },
    responses: {
      '200': jsonAnswer('Every row with what it is (or would be) and its totals.', answer),
      '422': jsonAnswer('A row was refused: the same answer, and nothing was changed.', answer),
      ...errorRefs(['400', '401', '403', '413', '415', '500']),
    },
  };
};

const dryRunOf = (query: unknown): boolean => {
  const value = (query as { dryRun?: unknown }).dryRun;
  if (value === undefined || value === 'false') {
    return false;
  }
  if (value === 'true') {
    return true;
  }
  throw new ValidationError([{ code: 'CONVERSION_FAILED', level: 'ERROR', location: 'dryRun' }]);
};

/**
 * `POST /api/import/users` and `/api/import/slots` (issue 30, item 1): an administrator's CSV file judged and
 * written through the engine's create and update of UserSettings and ParkingSlotSettings (import-rows.ts).
 */
export async function importRoutes(
  api: FastifyInstance,
  { registry, mailLimits }: { registry: Registry; mailLimits: MailLimits },
): Promise<void> {
  const files = createFileTokens(loadSigningSecret(api.config.signingSecret));
  api.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  for (const kind of IMPORT_KINDS) {
    api.post(
      `/${importPath(kind)}`,
      { config: { describe: describe(kind) }, bodyLimit: IMPORT_MAX_BYTES },
      async (request, reply) => {
        const context = await requestContext(api, request, { registry, mailLimits, files });
        if (!context.scope.isAdministrator) {
          throw new ForbiddenError('PERMISSION_DENIED');
        }
        const dryRun = dryRunOf(request.query);
        if (!Buffer.isBuffer(request.body)) {
          throw new ValidationError([
            { code: 'CSV_EXPECTED' satisfies ImportFileCode, level: 'ERROR', location: '' },
          ]);
        }
        const csv = readCsv(request.body, IMPORT_COLUMNS[kind], IMPORT_REQUIRED_COLUMNS[kind]);
        const answer = await importRows(context, IMPORT_TABLES[kind], csv, {
          dryRun,
          locale: requestedLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE,
        });
        return reply.code(answer.dryRun || answer.applied ? 200 : 422).send(answer);
      },
    );
  }
}
