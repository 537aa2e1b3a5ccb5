import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestQueryRoot } from '../../api/TestQueryRoot.tsx';
import { phoneWidth } from '../../components/testing/phoneWidth.ts';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { AuditEntryDialog } from './AuditEntryDialog.tsx';

/* One audit entry's detail (issue 28, item 8): a car's rename, read in full, before beside after. */

const listed = { __signedIdentifier: 'signed-entry', entityType: 'cars', entityId: '42', action: 'UPDATE' };

vi.mock('../../api/model.ts', async (original) => ({
  ...(await original<typeof import('../../api/model.ts')>()),
  get: vi.fn(async () => ({
    ...listed,
    at: '2026-03-04T09:15:00Z',
    actorName: 'Kovács Éva',
    actorEmail: 'eva@parkhere.example',
    reason: null,
    before: '{"license_plate": "OLD-001", "version": 1}',
    after: '{"license_plate": "NEW-001", "version": 2}',
    address: '10.0.0.7',
    userAgent: 'Firefox',
  })),
}));

beforeAll(initEnglishTranslations);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (onClose = vi.fn()) => {
  render(<AuditEntryDialog entry={listed} onClose={onClose} />, { wrapper: TestQueryRoot });
  return screen.getByRole('dialog', { name: 'Car 42: the change' });
};

describe('an audit entry’s detail', () => {
  it('shows who and from where, and each changed field before beside after, marked changed', async () => {
    phoneWidth(false);
    const dialog = open();
    const table = await within(dialog).findByRole('table', { name: 'Fields before and after' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    const plate = within(table).getByRole('row', { name: /License plate/ });
    expect(
      within(plate)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['OLD-001 (changed)', 'NEW-001 (changed)']);
    // A column without an attribute of its name keeps its own.
    expect(within(table).getByRole('row', { name: /version/ })).toBeTruthy();
    expect(within(dialog).getByText('Kovács Éva · eva@parkhere.example')).toBeTruthy();
    expect(within(dialog).getByText('10.0.0.7')).toBeTruthy();
  });

  it('stacks each field’s values on a phone', async () => {
    phoneWidth(true);
    const dialog = open();
    await within(dialog).findByText(/NEW-001/);
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toContain('License plate');
    const plate = within(dialog)
      .getAllByRole('definition')
      .find((value) => value.textContent?.includes('OLD-001'));
    expect(plate?.textContent).toBe('BeforeOLD-001 (changed)AfterNEW-001 (changed)');
  });

  it('starts at its Close button, and closes from the keyboard', async () => {
    phoneWidth(false);
    const onClose = vi.fn();
    const dialog = open(onClose);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBe(document.activeElement);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
