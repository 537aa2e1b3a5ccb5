import type { ImportAnswer, ImportRow } from '@parkhere/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderOnScreen } from '../../components/testing/renderOnScreen.tsx';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { PageTitleKeyContext } from '../usePageTitleKey.ts';
import ImportPage from './ImportPage.tsx';

/*
 * Settings › Import (issue 30, item 1): a file is checked, its refused rows shown with their problems and Apply
 * off until none is refused; a file without refusals is applied and confirmed. The focus goes to the verdict's
 * heading each time, and the status region says what happens. The server is a stand-in answering as
 * POST /api/import/users does: a row with 'not-an-email' is refused at its email.
 */

const server = vi.hoisted(() => ({ changedMeanwhile: false }));

function judged(text: string, dryRun: boolean): { status: number; answer: ImportAnswer } {
  const lines = text.trim().split('\n').slice(1);
  const rows: ImportRow[] = lines.map((line, index) =>
    line.includes('not-an-email') || (!dryRun && server.changedMeanwhile)
      ? {
          row: index + 2,
          action: 'refuse',
          problems: [
            { column: 'email', code: 'PATTERN_VALIDATION_FAILED', message: 'Not an email address.' },
          ],
        }
      : { row: index + 2, action: 'create', problems: [] },
  );
  const count = (action: string) => rows.filter((row) => row.action === action).length;
  const refused = count('refuse') > 0;
  return {
    status: refused && !dryRun ? 422 : 200,
    answer: {
      dryRun,
      applied: !dryRun && !refused,
      totals: { create: count('create'), update: 0, unchanged: 0, refuse: count('refuse') },
      rows,
    },
  };
}

const posted = vi.hoisted(() => [] as string[]);

function serveImports() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    posted.push(url);
    const text = (await (init?.body as Blob | undefined)?.text()) ?? '';
    if (!text.startsWith('email')) {
      return new Response(
        JSON.stringify([
          { code: 'MISSING_COLUMN', level: 'ERROR', location: 'email', details: { name: 'email' } },
        ]),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    }
    const { status, answer } = judged(text, url.endsWith('?dryRun=true'));
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

beforeAll(initEnglishTranslations);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  server.changedMeanwhile = false;
  posted.length = 0;
});

const csv = (...lines: string[]) => new File([`${lines.join('\n')}\n`], 'people.csv', { type: 'text/csv' });
const BAD = csv('email,name', 'nora@parkhere.example,Nora', 'not-an-email,Bob');
const GOOD = csv('email,name', 'nora@parkhere.example,Nora', 'bob@parkhere.example,Bob');

function showPage() {
  serveImports();
  return renderOnScreen(
    <PageTitleKeyContext.Provider value="page.import">
      <ImportPage />
    </PageTitleKeyContext.Provider>,
  );
}

/** Chooses `file` as the button's file chooser hands it over. */
const choose = (file: File) =>
  fireEvent.change(document.querySelector('input[type=file]') as Element, { target: { files: [file] } });

const verdictHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('the Import page', () => {
  it('tells the columns, the required one and the size limit before a file is chosen', () => {
    showPage();
    const columns = screen.getByRole('list', { name: /names the columns/ });
    expect(within(columns).getAllByRole('listitem')[0]?.textContent).toBe('email (required)');
    expect(within(columns).getByText('idCardGarages')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Choose a CSV file', description: 'At most 8 MB.' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download an example file' })).toBeTruthy();
  });

  it('shows a refused row with its problem and keeps Apply off; a fixed file dropped in is applied', async () => {
    const user = showPage();
    choose(BAD);
    const checked = await verdictHeading('Checked: people.csv');
    expect(posted).toEqual(['/api/import/users?dryRun=true']);
    await waitFor(() => expect(document.activeElement).toBe(checked));
    expect(screen.getByRole('alert').textContent).toBe(
      '1 of 2 rows are refused: nothing can be imported until the file is fixed.',
    );
    // Shown as a warning, where a check without refusals is only news.
    expect(screen.getByRole('alert').className).toContain('MuiAlert-colorWarning');
    // The status region said what was under way, and is quiet once the verdict is there.
    expect(screen.getByRole('status').textContent).toBe('');
    const table = screen.getByRole('table', { name: 'The rows of the file' });
    const refusedRow = within(table).getAllByRole('row')[2];
    expect(refusedRow?.textContent).toBe('3Refusedemail: Not an email address.');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    expect(apply.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Apply is off while a row is refused/)).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Only the refused rows' }));
    const filtered = screen.getByRole('table', { name: 'The rows of the file' });
    expect(
      within(filtered)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RowActionProblems', '3Refusedemail: Not an email address.']);

    fireEvent.drop(screen.getByRole('button', { name: 'Choose a CSV file' }).parentElement as Element, {
      dataTransfer: { files: [GOOD] },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Every row can be imported: nothing is written until you apply the file.',
    );
    expect(screen.getByRole('alert').className).toContain('MuiAlert-colorInfo');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const imported = await verdictHeading('Imported: people.csv');
    await waitFor(() => expect(document.activeElement).toBe(imported));
    expect(posted.at(-1)).toBe('/api/import/users');
    expect(screen.getByRole('alert').textContent).toBe(
      'The file was imported: 2 added, 0 changed, 0 unchanged.',
    );
    expect(screen.getByRole('link', { name: 'Open the Users table' }).getAttribute('href')).toBe(
      '/Services/Actor/Users/AccessTablePage',
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('shows the server refusing the apply (the data changed meanwhile) as a check, nothing imported', async () => {
    const user = showPage();
    await user.click(screen.getByRole('radio', { name: 'Parking slots' }));
    choose(GOOD);
    await verdictHeading('Checked: people.csv');
    expect(posted).toEqual(['/api/import/slots?dryRun=true']);
    server.changedMeanwhile = true;
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const refused = await verdictHeading('Not imported: people.csv');
    await waitFor(() => expect(document.activeElement).toBe(refused));
    expect(screen.getByRole('alert').textContent).toMatch(/The data changed since the check and 2 of 2 rows/);
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
  });

  it('says why a file was not read, naming the missing column', async () => {
    showPage();
    choose(csv('name', 'Nora'));
    await verdictHeading('Not read: people.csv');
    expect(screen.getByRole('alert').textContent).toBe("The required column 'email' is missing.");
    expect(screen.queryByRole('table')).toBeNull();
  });
});
