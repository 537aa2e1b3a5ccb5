import type { ImportFileCode } from '@parkhere/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { ValidationError } from '../../platform/errors.ts';

/*
 * An uploaded CSV file as a table: UTF-8 with or without a byte-order mark, its fields separated by `;` (as a
 * Hungarian Excel saves it) or `,` (found from the header line), the first line naming the columns. Whatever
 * is not such a file is a 400 naming what is wrong, before any row is judged.
 */

/** The most data rows one file may hold (the body limit keeps the bytes in bounds too). */
export const MAX_ROWS = 20_000;

export type CsvRow = {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: Readonly<Record<string, string>>;
};

export type CsvTable = { columns: readonly string[]; rows: readonly CsvRow[] };

const refused = (code: ImportFileCode, details?: Record<string, unknown>, location = ''): never => {
  throw new ValidationError([
    { code, level: 'ERROR', location, ...(details === undefined ? {} : { details }) },
  ]);
};

const BOM = '\ufeff';

/** The file's text: strict UTF-8 (a binary file or another encoding is refused, not mangled). */
const textOf = (bytes: Buffer): string => {
  if (bytes.includes(0)) {
    return refused('CSV_NOT_TEXT');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused('CSV_NOT_UTF8');
  }
  text = text.startsWith(BOM) ? text.slice(1) : text;
  return text.trim() === '' ? refused('CSV_EMPTY') : text;
};

/** `;` when the header line has more of them than commas outside quotes, else `,`. */
const separatorOf = (text: string): ';' | ',' => {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (separator: string) => header.split(separator).length;
  return count(';') > count(',') ? ';' : ',';
};

/**
 * The table of a file whose header must name `required` and may name only `known` columns (in any case,
 * each once). Blank lines are skipped; every line must have the header's number of fields.
 */
export const readCsv = (bytes: Buffer, known: readonly string[], required: readonly string[]): CsvTable => {
  const text = textOf(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      skip_empty_lines: true,
      trim: true,
      to_line: MAX_ROWS + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      return refused('CSV_MALFORMED', { line: error.lines, reason: error.code });
    }
    throw error;
  }
  const [header = [], ...lines] = records;
  if (lines.length > MAX_ROWS) {
    refused('CSV_TOO_MANY_ROWS', { limit: MAX_ROWS });
  }
  const byName = new Map(known.map((column) => [column.toLowerCase(), column]));
  const columns = header.map(
    (name) => byName.get(name.toLowerCase()) ?? refused('UNKNOWN_COLUMN', { name }, name),
  );
  const twice = columns.find((column, index) => columns.indexOf(column) !== index);
  if (twice !== undefined) {
    refused('DUPLICATE_COLUMN', { name: twice }, twice);
  }
  const missing = required.find((column) => !columns.includes(column));
  if (missing !== undefined) {
    refused('MISSING_COLUMN', { name: missing }, missing);
  }
  if (lines.length === 0) {
    refused('CSV_NO_ROWS');
  }
  return {
    columns,
    rows: lines.map((cells, index) => ({
      row: index + 2,
      cells: Object.fromEntries(columns.map((column, at) => [column, cells[at] ?? ''])),
    })),
  };
};
