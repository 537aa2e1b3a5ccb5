import {
  BACKUPS_PATH,
  BackupFile,
  BackupList,
  errorRefs,
  jsonAnswer,
  jsonSchemaOf,
  type OperationObject,
} from '@parkhere/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { BusinessError, ForbiddenError } from '../errors.ts';
import { backupFileOf, listBackups, writeBackup } from './backup-dir.ts';

export type BackupOptions = {
  database: Pick<Database, 'snapshot'>;
  dataDir: string;
  /** BACKUP_DIR. */
  dir: string;
};

/** Takes a backup of the embedded database and DATA_DIR's folders at `now`; answers its file name. */
export async function takeBackup(options: BackupOptions, now: Date): Promise<string> {
  const { snapshot } = options.database;
  if (snapshot === undefined) {
    throw new BusinessError(
      'BACKUP_USE_PG_DUMP',
      'On PostgreSQL the server takes no backups: back the database up with pg_dump (README, Backups)',
    );
  }
  return writeBackup(options.dir, { database: await snapshot(), dataDir: options.dataDir, now });
}

const describe = (summary: string, description: string, answers: OperationObject['responses']) => ({
  summary,
  description,
  tags: ['Backups'],
  responses: { ...answers, ...errorRefs(['401', '403', '500']) },
});

const takeDescription = describe(
  'Take a backup (administrators)',
  'A consistent copy of the embedded database (PGlite) and of the folders of DATA_DIR it needs, written to BACKUP_DIR while the server runs; `npm run restore -- FILE` restores it into an empty DATA_DIR. It holds the signing secret and the provider keys. On PostgreSQL: 422 BACKUP_USE_PG_DUMP.',
  {
    '201': jsonAnswer('The backup, written.', jsonSchemaOf(BackupFile)),
    ...errorRefs(['422']),
  },
);

const listDescription = describe('The backups in BACKUP_DIR, newest first (administrators)', '', {
  '200': jsonAnswer('The backups.', jsonSchemaOf(BackupList)),
});

/** `POST /api/backups` and `GET /api/backups`, inside the authenticated /api scope. */
export async function backupRoutes(
  api: FastifyInstance,
  options: BackupOptions & { now: () => Date },
): Promise<void> {
  const asAdministrator = async (request: FastifyRequest) => {
    if (!(await api.actorOf(request)).user.isAdministrator) {
      throw new ForbiddenError('PERMISSION_DENIED');
    }
  };
  api.post(`/${BACKUPS_PATH}`, { config: { describe: takeDescription } }, async (request, reply) => {
    await asAdministrator(request);
    const file = await takeBackup(options, options.now());
    return reply.code(201).send(await backupFileOf(options.dir, file));
  });
  api.get(
    `/${BACKUPS_PATH}`,
    { config: { describe: listDescription } },
    async (request): Promise<BackupList> => {
      await asAdministrator(request);
      return { backups: await listBackups(options.dir) };
    },
  );
}
