import { describe, expect, it } from 'vitest';
import { placeActions } from './rowActions.ts';

describe('row action columns', () => {
  it('shows two CRUD and two transfer actions as buttons and puts the rest in the menu', () => {
    const placed = placeActions([
      { key: 'view', group: 'crud' },
      { key: 'edit', group: 'crud' },
      { key: 'delete', group: 'crud' },
      { key: 'open', group: 'transfer' },
      { key: 'copy', group: 'transfer' },
      { key: 'print', group: 'transfer' },
    ]);
    expect(placed.filter((action) => action.inMenu).map((action) => action.key)).toEqual(['delete', 'print']);
  });

  it('takes other counts, as the holiday conflict table does (1 and 0)', () => {
    const placed = placeActions(
      [
        { key: 'view', group: 'crud' },
        { key: 'open', group: 'transfer' },
      ],
      { crud: 1, transfer: 0 },
    );
    expect(placed.map((action) => action.inMenu)).toEqual([false, true]);
  });
});
