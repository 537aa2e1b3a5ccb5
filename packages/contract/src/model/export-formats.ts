/*
 * What a list's `~export` (paths.ts) answers: `?format=` names one of these, the file comes as an attachment.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const EXPORT_FORMATS = {
  csv: { mediaType: 'text/csv', contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { mediaType: XLSX, contentType: XLSX, extension: 'xlsx' },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

export const isExportFormat = (value: unknown): value is ExportFormat =>
  typeof value === 'string' && Object.hasOwn(EXPORT_FORMATS, value);

/** The path of a list's export: its `~list` path with `~export` in place, and the format asked for. */
export const exportPathOf = (listPath: string, format: ExportFormat): string =>
  `${listPath.replace(/\/~list$/, '/~export')}?format=${format}`;
