import { shortTime } from '../forms/wireValues.ts';

/*
 * Check-in as the server reports it on a reservation (its garage's settings, SPEC Fair share 1): the card and the
 * doormen's arrivals read one state from the derived attributes and never work out the window themselves, so
 * the browser's clock cannot disagree with the server's.
 */

export type CheckInAttributes = {
  reservationStatus?: string | null;
  checkInRequired?: boolean | null;
  checkedInAt?: string | null;
  /** checkedInAt on the configured zone's wall clock (HH:mm:ss), as the window's times are. */
  checkedInTime?: string | null;
  checkInOpensAt?: string | null;
  checkInClosesAt?: string | null;
  isCheckInOpen?: boolean | null;
  /** Sent only while the reservation is under way (cancelable). */
  currentTime?: string | null;
};

export type CheckInState =
  | { kind: 'notRequired' }
  | { kind: 'checkedIn'; at: string }
  | { kind: 'noShow'; until: string }
  /** Not checked in yet: `open` while the window is open (the "I'm here" / "Mark arrived" button shows). */
  | { kind: 'pending'; open: boolean; from: string; until: string; closed: boolean };

/** Every time is the server's wall-clock time in the configured zone, whatever the browser's zone is. */
export function checkInStateOf(reservation: CheckInAttributes): CheckInState {
  const until = shortTime(reservation.checkInClosesAt);
  if (reservation.reservationStatus === 'NO_SHOW') {
    return { kind: 'noShow', until };
  }
  if (typeof reservation.checkedInAt === 'string' && reservation.checkedInAt !== '') {
    return { kind: 'checkedIn', at: shortTime(reservation.checkedInTime) };
  }
  if (reservation.checkInRequired !== true) {
    return { kind: 'notRequired' };
  }
  const open = reservation.isCheckInOpen === true;
  return {
    kind: 'pending',
    open,
    from: shortTime(reservation.checkInOpensAt),
    until,
    // Under way with its window shut: the window has passed (it opens before the start) and the release job
    // has not marked it NO_SHOW yet. Not under way and shut: it has not opened.
    closed: !open && typeof reservation.currentTime === 'string' && reservation.currentTime !== '',
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The card's line: what the owner has to do, or what happened; null when the garage asks for no check-in. */
export function cardCheckInText(state: CheckInState, t: Translate): string | null {
  switch (state.kind) {
    case 'notRequired':
      return null;
    case 'checkedIn':
      return t('reservationPanel.checkIn.checkedIn', { time: state.at });
    case 'noShow':
      return t('reservationPanel.checkIn.released', { time: state.until });
    case 'pending':
      return t('reservationPanel.checkIn.between', { from: state.from, until: state.until });
  }
}

/** The arrivals' check-in cell for the doorman. */
export function arrivalCheckInText(state: CheckInState, t: Translate): string {
  switch (state.kind) {
    case 'notRequired':
      return t('adminViews.arrivals.notRequired');
    case 'checkedIn':
      return t('adminViews.arrivals.checkedIn', { time: state.at });
    case 'noShow':
      return t('adminViews.arrivals.noShow');
    case 'pending':
      if (state.open) {
        return t('adminViews.arrivals.waiting', { time: state.until });
      }
      return state.closed
        ? t('adminViews.arrivals.closed', { time: state.until })
        : t('adminViews.arrivals.opensAt', { time: state.from });
  }
}
