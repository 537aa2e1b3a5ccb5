import { isSafeSvg } from './svg-check.ts';

/** What may be uploaded (DESIGN §5): images for floor plans and the holiday picture, PDFs; 5 MB at most. */
export const MAX_FILE_SIZE = 5 * 1024 * 1024;

export const ALLOWED_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'application/pdf',
] as const;
export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The declared type, when the bytes agree with it; a renamed executable is not an image, and an SVG must parse
 * as one that only draws (svg-check.ts).
 */
export const contentTypeOf = (declared: string, bytes: Buffer): AllowedContentType | undefined => {
  const type = ALLOWED_CONTENT_TYPES.find((allowed) => allowed === declared.toLowerCase());
  switch (type) {
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ? type : undefined;
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]) ? type : undefined;
    case 'image/webp':
      return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
        ? type
        : undefined;
    case 'application/pdf':
      return startsWith(bytes, [0x25, 0x50, 0x44, 0x46]) ? type : undefined;
    case 'image/svg+xml':
      return isSafeSvg(bytes) ? type : undefined;
    case undefined:
      return undefined;
  }
};
