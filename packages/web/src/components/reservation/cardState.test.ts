import { describe, expect, it } from 'vitest';
import { reservationCardState } from './cardState.ts';

describe('reservation card state', () => {
  it.each([
    {
      name: 'a future reservation offers delete and edit',
      flags: { isNotCancelable: true, isNotDeletable: false },
      actions: ['delete', 'edit'],
      greyed: false,
      marker: false,
    },
    {
      name: 'an in-progress reservation offers cancel and shows the current time',
      flags: { isNotCancelable: false, isNotDeletable: true, currentTime: '10:15:00' },
      actions: ['cancel'],
      greyed: false,
      marker: true,
    },
    {
      name: 'a cancelable reservation without a current time shows no marker',
      flags: { isNotCancelable: false, isNotDeletable: true, currentTime: null },
      actions: ['cancel'],
      greyed: false,
      marker: false,
    },
    {
      name: 'a finished reservation is greyed out with no actions',
      flags: { isNotCancelable: true, isNotDeletable: true, currentTime: '10:15:00' },
      actions: [],
      greyed: true,
      marker: false,
    },
  ])('$name', ({ flags, actions, greyed, marker }) => {
    const state = reservationCardState(flags);
    expect(state.actions).toEqual(actions);
    expect(state.greyed).toBe(greyed);
    expect(state.showsCurrentTime).toBe(marker);
  });
});
