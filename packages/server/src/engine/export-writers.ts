import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { ExportFormat } from '@parkhere/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/*
 * The files an export streams: a header row of titles, then rows as they come, page by page. Each writer waits
 * while its reader is behind, so a slow download holds a page at a time, never the whole list.
 */

export type ExportColumn = { key: string; title: string };
export type Cell = string | number | null;
export type ExportRows = AsyncIterable<Cell[][]>;

/** Sheet names may not hold these, and Excel cuts them at 31 characters. */
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Export';

const writeWhenDrained = async (stream: PassThrough | ReturnType<typeof stringify>, chunk: unknown) => {
  if (!stream.write(chunk)) {
    await once(stream, 'drain');
  }
};

/** UTF-8 with a byte order mark, so spreadsheet programs read Hungarian letters as such. */
const csv = (columns: ExportColumn[], pages: ExportRows): Readable => {
  const out = stringify({ bom: true, header: true, columns: columns.map((column) => column.title) });
  void (async () => {
    for await (const rows of pages) {
      for (const row of rows) {
        await writeWhenDrained(out, row);
      }
    }
    out.end();
  })().catch((error: unknown) => {
    // Past the header nothing can answer an error: the download breaks off (and the server logs why).
    out.destroy(error as Error);
  });
  return out;
};

const xlsx = (columns: ExportColumn[], pages: ExportRows, name: string): Readable => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(name));
  sheet.columns = columns.map((column) => ({
    key: column.key,
    header: column.title,
    width: Math.max(10, column.title.length + 2),
  }));
  void (async () => {
    for await (const rows of pages) {
      for (const row of rows) {
        sheet.addRow(row).commit();
      }
      if (out.writableNeedDrain) {
        await once(out, 'drain');
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    // Past the header nothing can answer an error: the download breaks off (and the server logs why).
    out.destroy(error as Error);
  });
  return out;
};

/** The file of `format` streaming the rows, page by page. */
export const exportFile = (format: ExportFormat, columns: ExportColumn[], pages: ExportRows, name: string) =>
  format === 'csv' ? csv(columns, pages) : xlsx(columns, pages, name);
