import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/*
 * The tokens of the file flow (DESIGN §5), compact JWS with the server's signing secret:
 * an upload token allows one upload for a type's attribute by one actor; a file token names a stored file
 * (the upload's answer, the value of a file attribute on the wire, and what a download presents). Their
 * payload is readable on purpose: SPEC §7 reads the file name out of it.
 */

const UPLOAD_TTL_SECONDS = 5 * 60;
/** Also how long an uploaded file may wait for the write that keeps it (see orphan-files.ts). */
export const FILE_TTL_SECONDS = 60 * 60;
const AUDIENCE = 'parkhere-files';

/**
 * Whose token it is and the type's attribute a file is for, as both tokens carry it; `entity`: the stored row
 * it was uploaded for or read from, null when uploaded for a row not yet created.
 */
const fileTarget = {
  sub: z.string(),
  type: z.string(),
  attribute: z.string(),
  entity: z.string().nullable(),
};

export const UploadClaims = z.object({ kind: z.literal('upload'), ...fileTarget });
export type UploadClaims = z.infer<typeof UploadClaims>;

export const FileClaims = z.object({
  kind: z.literal('file'),
  fileId: z.string(),
  name: z.string(),
  cType: z.string(),
  ...fileTarget,
});
export type FileClaims = z.infer<typeof FileClaims>;

export type FileTokens = {
  upload: (claims: Omit<UploadClaims, 'kind'>) => Promise<string>;
  file: (claims: Omit<FileClaims, 'kind'>) => Promise<string>;
  /** The claims, or undefined when the token is forged, expired or of the other kind. */
  verifyUpload: (token: string) => Promise<UploadClaims | undefined>;
  verifyFile: (token: string) => Promise<FileClaims | undefined>;
};

export function createFileTokens(secret: string): FileTokens {
  const key = new TextEncoder().encode(`${secret}:files`);
  const sign = (claims: Record<string, unknown>, ttl: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(key);
  const verify = async <T>(token: string, schema: z.ZodType<T>): Promise<T | undefined> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
      const parsed = schema.safeParse(payload);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    upload: (claims) => sign({ ...claims, kind: 'upload' }, UPLOAD_TTL_SECONDS),
    file: (claims) => sign({ ...claims, kind: 'file' }, FILE_TTL_SECONDS),
    verifyUpload: (token) => verify(token, UploadClaims),
    verifyFile: (token) => verify(token, FileClaims),
  };
}
