import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadAttachment } from '../files/fileTransfer.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { FileCell } from './FileCell.tsx';

vi.mock('../files/fileTransfer.ts', async (original) => ({
  ...(await original<typeof import('../files/fileTransfer.ts')>()),
  downloadAttachment: vi.fn(async () => {}),
}));

/** A file token as the server signs it: its payload names the file. */
const token = `h.${btoa(JSON.stringify({ name: 'plan-a.pdf' })).replace(/=+$/, '')}.s`;

beforeAll(initEnglishTranslations);
afterEach(() => cleanup());

describe('a file cell (SPEC §7 Files)', () => {
  it('downloads the stored file as an attachment besides opening it inline', async () => {
    const onView = vi.fn();
    render(
      <FileCell
        token={token}
        label="Floor plan"
        canUpload={false}
        onView={onView}
        onUpload={async () => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'plan-a.pdf' }));
    expect(onView).toHaveBeenCalledWith(token);
    await userEvent.click(screen.getByRole('button', { name: 'Download Floor plan' }));
    expect(downloadAttachment).toHaveBeenCalledWith(token);
  });

  it('offers no download without a stored file', () => {
    render(
      <FileCell
        token={null}
        label="Floor plan"
        canUpload={false}
        onView={vi.fn()}
        onUpload={async () => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Download Floor plan' })).toBeNull();
  });
});
