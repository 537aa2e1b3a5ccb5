import { describe, expect, it } from 'vitest';
import { changedFields, PROFILE_EDITABLE_FIELDS } from './changedFields.ts';

const loaded = { name: 'Ann', startOfWorkingTime: '09:00:00', endOfWorkingTime: '17:00:00', email: 'a@x' };

describe('changedFields', () => {
  it('is empty when nothing was edited', () => {
    expect(changedFields(loaded, { ...loaded }, PROFILE_EDITABLE_FIELDS)).toEqual([]);
  });

  it('names only the edited fields, in field order', () => {
    const edited = { ...loaded, endOfWorkingTime: '16:00:00', name: 'Anna' };
    expect(changedFields(loaded, edited, PROFILE_EDITABLE_FIELDS)).toEqual(['name', 'endOfWorkingTime']);
  });

  it('reads a time input without seconds as the same time', () => {
    expect(
      changedFields(loaded, { ...loaded, startOfWorkingTime: '09:00' }, PROFILE_EDITABLE_FIELDS),
    ).toEqual([]);
    expect(
      changedFields(loaded, { ...loaded, startOfWorkingTime: '08:30' }, PROFILE_EDITABLE_FIELDS),
    ).toEqual(['startOfWorkingTime']);
  });

  it('ignores fields outside the list (read-only ones)', () => {
    expect(changedFields(loaded, { ...loaded, email: 'b@x' }, PROFILE_EDITABLE_FIELDS)).toEqual([]);
  });

  it('sees a cleared field as a change', () => {
    expect(changedFields(loaded, { ...loaded, name: '' }, PROFILE_EDITABLE_FIELDS)).toEqual(['name']);
  });
});
