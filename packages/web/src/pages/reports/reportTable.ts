/*
 * A report's figures as a table: its columns name a header and how a row's cell reads, and the same columns make
 * the table on the page and its CSV download, so both always say the same.
 */

import { saveFile } from '../../api/saveFile.ts';

export type Cell = string | number | null;

export type ReportColumn<R> = { header: string; cell: (row: R) => Cell };

/** A cell as text: numbers as the interface's language writes them, nothing as a dash. */
export const cellText = (cell: Cell, numbers: Intl.NumberFormat): string =>
  cell === null ? '–' : typeof cell === 'number' ? numbers.format(cell) : cell;

/** One CSV field: quoted when it holds a separator, a quote or a line break (RFC 4180). */
const csvField = (value: string): string =>
  /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * The rows as CSV text: UTF-8 with a byte-order mark (so spreadsheet programs read Hungarian letters right), a
 * header row, numbers in plain notation (a decimal point, no grouping) whatever the language.
 */
export function csvOf<R>(columns: readonly ReportColumn<R>[], rows: readonly R[]): string {
  const lines = [
    columns.map((column) => csvField(column.header)),
    ...rows.map((row) => columns.map((column) => csvField(String(column.cell(row) ?? '')))),
  ];
  return `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** Saves `text` as the CSV file `fileName` through the browser's download. */
export const downloadCsv = (text: string, fileName: string): void =>
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
