import { readFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { headers } from '@parkhere/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Provisioning, resolveActor } from '../../platform/auth/resolve-actor.ts';
import { bearerToken, type TokenVerifier } from '../../platform/auth/token-verifier.ts';
import { stampedTransaction, userStamp } from '../../platform/db/actor-stamp.ts';
import { AuthenticationError, ValidationError } from '../../platform/errors.ts';
import { registerApiErrorHandling } from '../../platform/http/errors.ts';
import { createFileTokens } from '../../platform/http/file-tokens.ts';
import { originOf } from '../../platform/http/origin.ts';
import { downloadDescription, uploadDescription } from './file-routes-description.ts';
import { contentTypeOf, MAX_FILE_SIZE } from './file-types.ts';
import { fileForDownload, storeFile } from './repository.ts';

export type FilesOptions = {
  /** Where files uploaded before 0007 kept their bytes. */
  dataDir: string;
  secret: string;
  /** The API's own bearer-token check and provisioning: a download names its caller as the API does. */
  verifyToken: TokenVerifier;
  provisioning: Provisioning;
};

/** File-flow codes (INVALID_TOKEN, FILE_TYPE_NOT_ALLOWED, MAX_FILE_SIZE_EXCEEDED) beside the contract's. */
const refuse = (code: string, location: string, details?: Record<string, unknown>) =>
  new ValidationError([
    details === undefined ? { code, level: 'ERROR', location } : { code, level: 'ERROR', location, details },
  ]);

const tokenOf = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length < 4096 ? value : undefined;

/**
 * The policy of a served file, replacing the app's own: a file opened as a document (a new tab, a frame, a
 * saved link) is a sandboxed page of a unique origin that runs nothing, loads nothing and reaches nothing of
 * the app; inline styles and embedded raster images still draw.
 */
export const FILE_CONTENT_SECURITY_POLICY =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * The bytes to send: from the row, or for a file uploaded before 0007 from the DATA_DIR that received it
 * (undefined when they are not on this instance). Read whole, as the row's are (5 MB at most): a streamed
 * answer could still be ending when a shutdown looks for idle connections, and hold it for a keep-alive.
 */
const bytesOf = async (
  file: { path: string | null; content: Buffer | null },
  dataDir: string,
): Promise<Buffer | undefined> => {
  if (file.content !== null) {
    return file.content;
  }
  return file.path === null ? undefined : readFile(path.join(dataDir, file.path)).catch(() => undefined);
};

const contentDisposition = (disposition: 'inline' | 'attachment', name: string) =>
  `${disposition}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * `/ParkHere/upload` and `/ParkHere/download` (DESIGN §5). The API hands tokens out only after its own access
 * checks. Both calls present two things: the upload or file token in `X-Token` and the caller's bearer.
 *
 * A download presents two things: the file token in `X-Token` and the caller's bearer access token, as every
 * call of SPEC §7 does. DESIGN §5 binds a file token to its actor, and a binding only holds if the server
 * knows who is asking: a file token alone would work for whoever holds it, so one copied out of a response,
 * a log or a shared screen would open another user's file for the rest of its hour. With both, a leaked file
 * token is worthless to anyone but the actor it names, and that actor's own use ends with its TTL (expiry is
 * checked on the real time, like every token, not on the app clock a test may pin). Nothing may keep a
 * response either: the path is the same for every file and the token travels in a header, so a cached body
 * would be one user's file served for another's request.
 */
export async function filesPlugin(app: FastifyInstance, options: FilesOptions): Promise<void> {
  const tokens = createFileTokens(options.secret);
  const callerOf = async (request: FastifyRequest): Promise<string> => {
    const bearer = bearerToken(request.headers.authorization);
    if (bearer === undefined) {
      throw new AuthenticationError('AUTHENTICATION_REQUIRED');
    }
    const actor = await resolveActor(
      app.database.db,
      await options.verifyToken(bearer),
      options.provisioning,
      originOf(request),
    );
    return actor.user.id;
  };
  registerApiErrorHandling(app);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 10 } });

  const receiveUpload = async (request: FastifyRequest) => {
    const caller = await callerOf(request);
    const token = tokenOf(request.headers[headers.token.toLowerCase()]);
    const claims = token === undefined ? undefined : await tokens.verifyUpload(token);
    if (claims === undefined || claims.sub !== caller) {
      throw refuse('INVALID_TOKEN', headers.token);
    }
    if (!request.isMultipart()) {
      throw refuse('CONVERSION_FAILED', 'file');
    }
    const part = await request.file();
    if (part === undefined) {
      throw refuse('MISSING_REQUIRED_ATTRIBUTE', 'file');
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch {
      throw refuse('MAX_FILE_SIZE_EXCEEDED', 'file', { maxSize: MAX_FILE_SIZE });
    }
    if (part.file.truncated) {
      throw refuse('MAX_FILE_SIZE_EXCEEDED', 'file', { maxSize: MAX_FILE_SIZE });
    }
    const contentType = contentTypeOf(part.mimetype, bytes);
    if (contentType === undefined) {
      throw refuse('FILE_TYPE_NOT_ALLOWED', 'file', { contentType: part.mimetype });
    }
    const stored = await stampedTransaction(app.database.db, userStamp(caller, originOf(request)), (db) =>
      storeFile(db, {
        name: path.basename(part.filename),
        contentType,
        bytes,
        createdBy: claims.sub,
        created: app.clock(),
      }),
    );
    const fileToken = await tokens.file({
      sub: claims.sub,
      fileId: stored.id,
      name: stored.name,
      cType: stored.cType,
      type: claims.type,
      attribute: claims.attribute,
      entity: claims.entity,
    });
    return { files: [{ ...stored, token: fileToken }] };
  };

  // SPEC §8 'Could not process upload response': a refused upload is logged with the request's id (Fastify's
  // `reqId` on every line of `request.log`) and why, so a user's report can be found; never the file's bytes
  // or the tokens.
  app.post('/upload', { config: { describe: uploadDescription } }, async (request) => {
    try {
      return await receiveUpload(request);
    } catch (error) {
      const codes =
        error instanceof ValidationError
          ? error.items.map((item) => item.code)
          : error instanceof AuthenticationError
            ? [error.code]
            : [];
      request.log.warn(
        {
          err: codes.length > 0 ? undefined : error,
          codes,
          contentLength: request.headers['content-length'],
        },
        'Could not process upload',
      );
      throw error;
    }
  });

  app.get(
    '/download',
    { config: { describe: downloadDescription } },
    async (request, reply: FastifyReply) => {
      const caller = await callerOf(request);
      const token = tokenOf(request.headers[headers.token.toLowerCase()]);
      const claims = token === undefined ? undefined : await tokens.verifyFile(token);
      // Another actor's token answers as a forged one would: no hint that the file exists.
      if (claims === undefined || claims.sub !== caller) {
        throw refuse('INVALID_TOKEN', headers.token);
      }
      const disposition =
        (request.query as { disposition?: unknown }).disposition === 'inline' ? 'inline' : 'attachment';
      const file = await fileForDownload(app.database.db, claims.fileId);
      const body = file === undefined ? undefined : await bytesOf(file, options.dataDir);
      if (file === undefined || body === undefined) {
        return reply.code(404).send({ code: 'ENTITY_NOT_FOUND' });
      }
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(disposition, file.name))
        .header('content-length', String(file.size))
        .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
