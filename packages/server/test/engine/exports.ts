import { API_BASE } from '@parkhere/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Client } from '../client.ts';
import { bearer } from '../tokens.ts';
import type { TestServer } from '../world.ts';

/* Downloading a list's ~export (issue 28, item 5) as a browser does, and reading the file back. */

/** The path of a list's export in a format. */
export const exportPath = (list: string, format: string) => `${list}/~export?format=${format}`;

/** A server's exports, each read straight over HTTP: the test client reads answers as text, which drops a BOM. */
export const exportsOf = (server: TestServer) => {
  const download = async (
    caller: Client,
    list: string,
    format: string,
    body: unknown,
    headers: Record<string, string>,
  ) => {
    const response = await fetch(`${server.url}${API_BASE}${exportPath(list, format)}`, {
      method: 'POST',
      headers: { ...bearer(caller.token), 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="[\\w-]+\\.${format}"$`),
    );
    return response;
  };

  return {
    download,
    /** The CSV's rows, header first, once its byte order mark is checked and taken off. */
    csvOf: async (
      caller: Client,
      list: string,
      body: unknown,
      language = 'en-US',
      extra: Record<string, string> = {},
    ) => {
      const response = await download(caller, list, 'csv', body, { 'accept-language': language, ...extra });
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))) as string[][];
    },
    /** The workbook's first sheet as rows of cell values, read back with the library. */
    xlsxOf: async (caller: Client, list: string, body: unknown, language: string) => {
      const response = await download(caller, list, 'xlsx', body, { 'accept-language': language });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const rows: unknown[][] = [];
      workbook.worksheets[0]?.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    },
  };
};
