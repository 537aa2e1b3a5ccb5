import type { BackupFile } from '@parkhere/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { BackupsSection } from './BackupsSection.tsx';

/*
 * Issue 30, item 4: Configuration settings' Backups section takes a backup on the server and lists the latest.
 */

const { written, get, post } = vi.hoisted(() => {
  const stored: BackupFile[] = [
    { file: 'parkhere-20261128T023000Z.tar.gz', size: 2_048_000, createdAt: '2026-11-28T02:30:00.000Z' },
  ];
  const written: BackupFile = {
    file: 'parkhere-20261129T080000Z.tar.gz',
    size: 2_050_048,
    createdAt: '2026-11-29T08:00:00.000Z',
  };
  return {
    stored,
    written,
    get: vi.fn(async () => ({ backups: [...stored] })),
    post: vi.fn(async () => {
      stored.unshift(written);
      return written;
    }),
  };
});

vi.mock('../../api/client.ts', async (original) => ({
  ...(await original<typeof import('../../api/client.ts')>()),
  api: { get, post },
}));

beforeAll(initEnglishTranslations);
afterEach(() => cleanup());

describe('the Backups section', () => {
  it('lists the backups on the server and takes one more on request, listed first', async () => {
    const user = userEvent.setup();
    render(<BackupsSection />, { wrapper: TestQueryRoot });
    const list = await screen.findByRole('list', { name: 'Recent backups' });
    expect(within(list).getByText('parkhere-20261128T023000Z.tar.gz')).toBeTruthy();
    expect(within(list).getByText(/2,000 KB/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Take a backup now' }));
    expect(post).toHaveBeenCalledWith('/backups');
    const files = () =>
      within(screen.getByRole('list', { name: 'Recent backups' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    await vi.waitFor(() => expect(files()).toEqual([written.file, 'parkhere-20261128T023000Z.tar.gz']));
    expect(get).toHaveBeenCalledTimes(2);
  });
});
