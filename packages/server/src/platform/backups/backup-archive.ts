import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/*
 * A backup is one gzipped tar: a manifest first, then the embedded database's data directory as PGlite dumps
 * it (a tar of its own, which PGlite loads back whole), then the folders of DATA_DIR a server still reads
 * beside the database: uploads from before files moved into it, and the captured mail with its record of what
 * was sent. The signing secret and the provider's keys are rows of the database, so they are in it too.
 */

const MANIFEST = 'backup.json';
const DATABASE = 'pgdata.tar';
const FORMAT = 'parkhere-backup';
const VERSION = 1;

/** The folders of DATA_DIR a backup carries beside the database. */
export const DATA_DIR_FOLDERS = ['files', 'mail'] as const;

export type Manifest = { format: typeof FORMAT; version: typeof VERSION; createdAt: string };

/** A file that is not a backup this server wrote, or was cut short. */
export class InvalidBackupError extends Error {
  override name = 'InvalidBackupError';
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The regular files under `dataDir/folder`, as paths relative to `dataDir`; none when it does not exist. */
async function filesUnder(dataDir: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true }).catch(
    (error: unknown) => {
      if (isMissing(error)) {
        return [];
      }
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Writes the backup of `database` (PGlite's tar) and DATA_DIR's folders to `target`, which must not exist. */
export async function writeArchive(
  target: string,
  source: { database: Blob; dataDir: string; createdAt: Date },
): Promise<void> {
  const pack = tar.pack();
  // Owner only: the database holds the signing secret and the provider's keys.
  const written = pipeline(pack, createGzip(), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  const add = (name: string, content: Buffer) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name, mode: 0o600 }, content, (error) => (error ? reject(error) : resolve()));
    });
  try {
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: source.createdAt.toISOString(),
    };
    await add(MANIFEST, Buffer.from(JSON.stringify(manifest)));
    await add(DATABASE, Buffer.from(await source.database.arrayBuffer()));
    for (const folder of DATA_DIR_FOLDERS) {
      for (const file of await filesUnder(source.dataDir, folder)) {
        // A captured mail the retention removed meanwhile is simply not in the backup.
        const content = await readFile(path.join(source.dataDir, file)).catch((error: unknown) => {
          if (isMissing(error)) {
            return undefined;
          }
          throw error;
        });
        if (content !== undefined) {
          await add(file, content);
        }
      }
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await written;
}

/** Where an entry of a DATA_DIR folder goes under `root`; undefined for any other name (or one leaving it). */
function folderEntryPath(root: string, name: string): string | undefined {
  const [folder] = name.split('/');
  if (!(DATA_DIR_FOLDERS as readonly string[]).includes(folder ?? '')) {
    return undefined;
  }
  const target = path.resolve(root, name);
  return target.startsWith(path.join(root, folder ?? '') + path.sep) ? target : undefined;
}

async function contentOf(entry: AsyncIterable<unknown>): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function manifestOf(content: Buffer): Manifest {
  let manifest: unknown;
  try {
    manifest = JSON.parse(content.toString('utf8'));
  } catch {
    manifest = undefined;
  }
  const found = manifest as Partial<Manifest> | undefined;
  if (found?.format !== FORMAT || found.version !== VERSION || typeof found.createdAt !== 'string') {
    throw new InvalidBackupError(`its ${MANIFEST} is not that of a version ${VERSION} ParkHere backup`);
  }
  return found as Manifest;
}

/**
 * Reads the backup in `file`: writes its DATA_DIR folders under `root` and answers its manifest and database
 * (PGlite's tar). Anything that is not such a backup is an InvalidBackupError, before a file is written.
 */
export async function unpackArchive(
  file: string,
  root: string,
): Promise<{ manifest: Manifest; database: Blob }> {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  let manifest: Manifest | undefined;
  let database: Blob | undefined;
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      const target = type === 'file' ? folderEntryPath(root, name) : undefined;
      if (manifest === undefined) {
        if (name !== MANIFEST) {
          throw new InvalidBackupError(`it does not begin with ${MANIFEST}`);
        }
        manifest = manifestOf(await contentOf(entry));
      } else if (name === DATABASE) {
        database = new Blob([await contentOf(entry)]);
      } else if (target !== undefined) {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
      } else {
        throw new InvalidBackupError(`it holds ${name}, which no backup holds`);
      }
    }
    await read;
  } catch (error) {
    read.catch(() => {});
    if (error instanceof InvalidBackupError) {
      throw error;
    }
    throw new InvalidBackupError(`it could not be read (${(error as Error).message})`);
  }
  if (manifest === undefined || database === undefined) {
    throw new InvalidBackupError(`it holds no ${manifest === undefined ? MANIFEST : DATABASE}`);
  }
  return { manifest, database };
}
