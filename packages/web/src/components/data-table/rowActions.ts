/** SPEC §9: a row shows this many CRUD and transfer actions as buttons; the rest go to its overflow menu. */
export const INLINE_CRUD_ACTIONS = 2;
export const INLINE_TRANSFER_ACTIONS = 2;

export type RowAction = { key: string; group: 'crud' | 'transfer' };

/** Each action with whether it sits in the overflow menu, keeping the given order within each group. */
export function placeActions<A extends RowAction>(
  actions: readonly A[],
  inline: { crud: number; transfer: number } = {
    crud: INLINE_CRUD_ACTIONS,
    transfer: INLINE_TRANSFER_ACTIONS,
  },
): (A & { inMenu: boolean })[] {
  const seen = { crud: 0, transfer: 0 };
  return actions.map((action) => {
    seen[action.group] += 1;
    return { ...action, inMenu: seen[action.group] > inline[action.group] };
  });
}
