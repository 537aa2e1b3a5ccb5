import {
  IMPORT_COLUMNS,
  IMPORT_FILE_CODES,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_REQUIRED_COLUMNS,
  type ImportAnswer,
} from '@parkhere/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../../../public/i18n/application_en-US.json';
import hungarian from '../../../public/i18n/application_hu-HU.json';
import { ApiError } from '../../api/client.ts';
import { exampleFile, sendImport } from './importFile.ts';

/*
 * The Import page's side of POST /api/import/{kind} (issue 30, item 1): what it sends, and what each answer of
 * the server becomes on the page; and the example file it offers.
 */

const answer = (dryRun: boolean, applied: boolean, refuse: number): ImportAnswer => ({
  dryRun,
  applied,
  totals: { create: 1, update: 0, unchanged: 0, refuse },
  rows: [
    { row: 2, action: 'create', problems: [] },
    ...(refuse > 0
      ? [
          {
            row: 3,
            action: 'refuse' as const,
            problems: [{ column: 'email', code: 'PATTERN_VALIDATION_FAILED', message: 'Not an email.' }],
          },
        ]
      : []),
  ],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const serverAnswers = (response: Response) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);

const FILE = new File(['email\nnora@parkhere.example\n'], 'users.csv', { type: 'application/vnd.ms-excel' });

describe('sending a file', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks it as text/csv with dryRun=true, and applies it without', async () => {
    const fetchSpy = serverAnswers(json(200, answer(true, false, 0)));
    await expect(sendImport('users', FILE, true)).resolves.toEqual({
      kind: 'answer',
      answer: answer(true, false, 0),
    });
    const [url, init] = fetchSpy.mock.calls.at(-1) ?? [];
    expect(String(url)).toBe('/api/import/users?dryRun=true');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
    expect(await (init?.body as Blob | undefined)?.text()).toBe('email\nnora@parkhere.example\n');

    serverAnswers(json(200, answer(false, true, 0)));
    await sendImport('slots', FILE, false);
    expect(String(fetchSpy.mock.calls.at(-1)?.[0])).toBe('/api/import/slots');
  });

  it('reads a 422 as the answer it carries: refused rows, nothing written', async () => {
    serverAnswers(json(422, answer(false, false, 1)));
    await expect(sendImport('users', FILE, false)).resolves.toEqual({
      kind: 'answer',
      answer: answer(false, false, 1),
    });
  });

  it('reads a 400 of the file codes as why the file was not read, with the column named', async () => {
    serverAnswers(
      json(400, [{ code: 'MISSING_COLUMN', level: 'ERROR', location: 'email', details: { name: 'email' } }]),
    );
    await expect(sendImport('users', FILE, true)).resolves.toEqual({
      kind: 'fileRefused',
      problems: [{ code: 'MISSING_COLUMN', details: { name: 'email' } }],
    });
  });

  it('refuses a file over the limit before sending it, and reads a 413 the same way', async () => {
    const fetchSpy = serverAnswers(json(413, { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }));
    const large = new File([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'big.csv');
    const tooLarge = { kind: 'fileRefused', problems: [{ code: 'TOO_LARGE', details: { size: 8 } }] };
    await expect(sendImport('users', large, true)).resolves.toEqual(tooLarge);
    expect(fetchSpy).not.toHaveBeenCalled();
    await expect(sendImport('users', FILE, true)).resolves.toEqual(tooLarge);
  });

  it('rethrows what is not the import’s own answer (a 403, another 400)', async () => {
    serverAnswers(json(403, { code: 'PERMISSION_DENIED' }));
    await expect(sendImport('users', FILE, true)).rejects.toMatchObject({ status: 403 });
    serverAnswers(json(400, [{ code: 'CONVERSION_FAILED', level: 'ERROR', location: 'dryRun' }]));
    await expect(sendImport('users', FILE, true)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('the example file', () => {
  it.each(IMPORT_KINDS)(
    'of %s names every column of the contract, the required first, and fills one row',
    (kind) => {
      const [header, row, rest] = exampleFile(kind).split('\r\n');
      expect(header?.split(',')).toEqual([...IMPORT_COLUMNS[kind]]);
      expect(header?.startsWith(IMPORT_REQUIRED_COLUMNS[kind].join(','))).toBe(true);
      const cells = row?.split(',') ?? [];
      expect(cells).toHaveLength(IMPORT_COLUMNS[kind].length);
      expect(IMPORT_REQUIRED_COLUMNS[kind].every((_, at) => cells[at] !== '')).toBe(true);
      expect(rest).toBe('');
    },
  );

  it('lists several garages of a user with the separator the server reads', () => {
    expect(exampleFile('users')).toContain(',HQ Garage|Riverside Garage,');
  });
});

describe('the file problems', () => {
  it.each([
    ['en-US', english],
    ['hu-HU', hungarian],
  ])('have a %s text for every code the server sends, and for a file too large', (_, texts) => {
    const problems: Record<string, string> = texts.adminViews.import.fileProblem;
    expect(Object.keys(problems).sort()).toEqual([...IMPORT_FILE_CODES, 'TOO_LARGE'].sort());
  });
});
