/*
 * SPEC §4 'Reservation cards': what a card offers follows from two server flags alone, so the card never
 * second-guesses the server's clock.
 */

export type CardFlags = {
  isNotCancelable?: boolean | null;
  isNotDeletable?: boolean | null;
  currentTime?: string | null;
};

export type CardAction = 'delete' | 'cancel' | 'edit';

export type CardState = {
  /** Half opacity and not clickable: nothing can be done with it any more. */
  greyed: boolean;
  actions: readonly CardAction[];
  /** The current-time marker shows only on a cancelable reservation that carries the current time. */
  showsCurrentTime: boolean;
};

export function reservationCardState(flags: CardFlags): CardState {
  const deletable = flags.isNotDeletable !== true;
  const cancelable = flags.isNotCancelable !== true;
  const actions: CardAction[] = [];
  if (deletable) {
    actions.push('delete');
  }
  if (cancelable) {
    actions.push('cancel');
  }
  // Editing is a modification of a future reservation, so it follows deletability (SPEC §4).
  if (deletable) {
    actions.push('edit');
  }
  return {
    greyed: !deletable && !cancelable,
    actions,
    showsCurrentTime: cancelable && flags.currentTime != null && flags.currentTime !== '',
  };
}
