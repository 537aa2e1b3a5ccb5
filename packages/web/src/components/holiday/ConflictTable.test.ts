import { describe, expect, it } from 'vitest';
import { CONFLICT_PAGE_SIZES, conflictActionsOf } from './ConflictTable.tsx';

describe('the holiday conflict table (SPEC §9)', () => {
  it('pages by 10 or 50, 10 first', () => {
    expect(CONFLICT_PAGE_SIZES).toEqual([10, 50]);
  });

  it('shows Delete as the row’s one inline action, and nothing on a reservation that may not be deleted', () => {
    expect(conflictActionsOf({ isNotDeletable: false })).toEqual([
      { key: 'delete', group: 'crud', inMenu: false },
    ]);
    expect(conflictActionsOf({ isNotDeletable: true })).toEqual([]);
  });
});
