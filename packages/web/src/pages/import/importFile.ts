import {
  IMPORT_COLUMNS,
  IMPORT_FILE_CODES,
  IMPORT_MAX_BYTES,
  type ImportAnswer,
  ImportAnswerSchema,
  type ImportKind,
  importPath,
  type TransferName,
  ValidationErrorItem,
} from '@parkhere/contract';
import { ApiError, reportError, send } from '../../api/client.ts';

/*
 * The Import page's talk with POST /api/import/{kind} (issue 30, item 1): a file is checked (a dry run) or
 * applied, and the server's answer becomes what the page shows. A refused row is part of an answer (200 on a
 * dry run, 422 on an apply); a file the server cannot read at all is a 400 naming why; anything else goes
 * through the app's error pipeline.
 */

/** The table each kind of file fills: after an import, what the pages read of it is read again. */
export const IMPORT_TYPES = {
  users: 'UserSettings',
  slots: 'ParkingSlotSettings',
} as const satisfies Record<ImportKind, TransferName>;

/** The limit in megabytes, as the page tells it before an upload. */
export const IMPORT_MAX_MEGABYTES = IMPORT_MAX_BYTES / 1024 / 1024;

/** Why a whole file was not read: the server's file codes, or too large (told before sending it). */
export type FileProblem = {
  code: (typeof IMPORT_FILE_CODES)[number] | 'TOO_LARGE';
  details: Readonly<Record<string, unknown>>;
};

export type ImportOutcome =
  | { kind: 'answer'; answer: ImportAnswer }
  | { kind: 'fileRefused'; problems: readonly FileProblem[] };

const TOO_LARGE: ImportOutcome = {
  kind: 'fileRefused',
  problems: [{ code: 'TOO_LARGE', details: { size: IMPORT_MAX_MEGABYTES } }],
};

const isFileCode = (code: string): code is (typeof IMPORT_FILE_CODES)[number] =>
  (IMPORT_FILE_CODES as readonly string[]).includes(code);

/** The outcome a refusal stands for, or undefined when it is not the import's own (a 403, a 500, offline). */
function refusalOf(error: unknown): ImportOutcome | undefined {
  if (!(error instanceof ApiError)) {
    return undefined;
  }
  if (error.status === 413) {
    return TOO_LARGE;
  }
  if (error.status === 422) {
    const answer = ImportAnswerSchema.safeParse(error.body);
    return answer.success ? { kind: 'answer', answer: answer.data } : undefined;
  }
  const items = ValidationErrorItem.array().safeParse(error.body);
  if (error.status !== 400 || !items.success || items.data.length === 0) {
    return undefined;
  }
  const problems = items.data.flatMap(({ code, details }) =>
    isFileCode(code) ? [{ code, details: details ?? {} }] : [],
  );
  return problems.length === items.data.length ? { kind: 'fileRefused', problems } : undefined;
}

/**
 * Sends `file` as the import of `kind`: checked only (`dryRun`) or applied. A file over the limit is refused
 * here without sending it; a failure that is not the import's own is shown as any call's and rethrown.
 */
export async function sendImport(kind: ImportKind, file: Blob, dryRun: boolean): Promise<ImportOutcome> {
  if (file.size > IMPORT_MAX_BYTES) {
    return TOO_LARGE;
  }
  const path = `/${importPath(kind)}${dryRun ? '?dryRun=true' : ''}`;
  // The server reads only text/csv; a browser names a .csv file's type as it likes (or not at all).
  const body = new Blob([file], { type: 'text/csv' });
  try {
    const { data } = await send<unknown>('POST', path, body, { handleErrors: false });
    return { kind: 'answer', answer: ImportAnswerSchema.parse(data) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === undefined) {
      reportError(error);
      throw error;
    }
    return refusal;
  }
}

type Example = { [Kind in ImportKind]: Readonly<Record<(typeof IMPORT_COLUMNS)[Kind][number], string>> };

/**
 * One row of each kind, every column filled the way the server reads it (the demo data's garages), so the
 * example is also a template: a column added to the contract does not compile until it has an example here.
 */
const EXAMPLES: Example = {
  users: {
    email: 'nora.newhire@parkhere.example',
    name: 'Nora Newhire',
    isNormalReservation: 'true',
    isQuickReservation: 'true',
    isGuestReservation: 'false',
    isLongReservation: 'false',
    startOfWorkingTime: '8:00',
    endOfWorkingTime: '16:30',
    maxNormalReservation: '5',
    maxGuestReservation: '2',
    maxLongReservation: '1',
    garages: 'HQ Garage|Riverside Garage',
    idCardGarages: 'HQ Garage',
    groups: '',
  },
  slots: {
    garage: 'HQ Garage',
    name: 'Example 1',
    floor: '-1',
    nextToWall: 'true',
    isExclusive: 'false',
    isActive: 'true',
  },
};

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
const field = (value: string): string =>
  /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** The example file of `kind`: the header naming every column, then one row, comma-separated. */
export function exampleFile(kind: ImportKind): string {
  const example: Readonly<Record<string, string>> = EXAMPLES[kind];
  const columns: readonly string[] = IMPORT_COLUMNS[kind];
  const line = (cells: readonly string[]) => cells.map(field).join(',');
  return `${line(columns)}\r\n${line(columns.map((column) => example[column] ?? ''))}\r\n`;
}
