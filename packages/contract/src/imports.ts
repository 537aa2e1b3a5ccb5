import { z } from 'zod';

/*
 * Bulk set-up (issue 30, item 1): administrators POST a CSV file (`text/csv`) of users or of slots to
 * `/api/import/{kind}`. `?dryRun=true` judges every row and changes nothing; without it the whole file is
 * applied in one transaction, all or nothing: a file with any refused row is 422 with the same answer. Each row
 * is judged by the rules of the Users and Slots tables' own create and update.
 */

export const IMPORT_KINDS = ['users', 'slots'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importPath = (kind: ImportKind) => `import/${kind}`;

/** The columns a file may have, in the order a template lists them; the first ones are required. */
export const IMPORT_COLUMNS = {
  users: [
    'email',
    'name',
    'isNormalReservation',
    'isQuickReservation',
    'isGuestReservation',
    'isLongReservation',
    'startOfWorkingTime',
    'endOfWorkingTime',
    'maxNormalReservation',
    'maxGuestReservation',
    'maxLongReservation',
    'garages',
    'idCardGarages',
    'groups',
  ],
  slots: ['garage', 'name', 'floor', 'nextToWall', 'isExclusive', 'isActive'],
} as const satisfies Record<ImportKind, readonly string[]>;
export const IMPORT_REQUIRED_COLUMNS = {
  users: ['email'],
  slots: ['garage', 'name'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** The largest file an import takes (413 above it): room for the most rows of every column. */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

/** How the garages of one cell (`garages`, `idCardGarages`) are separated: `HQ Garage|Annex`. */
export const IMPORT_LIST_SEPARATOR = '|';

/** Why a whole file is refused (400, one item, its location the column where there is one). */
export const IMPORT_FILE_CODES = [
  'CSV_EXPECTED',
  'CSV_NOT_TEXT',
  'CSV_NOT_UTF8',
  'CSV_EMPTY',
  'CSV_MALFORMED',
  'CSV_TOO_MANY_ROWS',
  'CSV_NO_ROWS',
  'UNKNOWN_COLUMN',
  'DUPLICATE_COLUMN',
  'MISSING_COLUMN',
] as const;
export type ImportFileCode = (typeof IMPORT_FILE_CODES)[number];

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refuse'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const ImportProblemSchema = z.strictObject({
  /** The file's column the problem is in; '' when it is the row as a whole. */
  column: z.string(),
  code: z.string(),
  /** In the caller's language (Accept-Language: Hungarian or English). */
  message: z.string(),
});
export const ImportRowSchema = z.strictObject({
  /** The row's line in the file (the header is 1). */
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  problems: z.array(ImportProblemSchema),
});
export const ImportAnswerSchema = z.strictObject({
  dryRun: z.boolean(),
  /** Whether the file was written: never on a dry run or with a refused row. */
  applied: z.boolean(),
  totals: z.strictObject(
    Object.fromEntries(IMPORT_ACTIONS.map((action) => [action, z.number().int()])) as Record<
      ImportAction,
      z.ZodNumber
    >,
  ),
  rows: z.array(ImportRowSchema),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;
export type ImportRow = z.infer<typeof ImportRowSchema>;
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;
