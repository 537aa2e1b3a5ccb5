import {
  DEFAULT_TIME_ZONE,
  drawCutoff,
  type LocalDate,
  type WorkingCalendar,
  workingDaysBefore,
} from '@parkhere/contract';
import { shortTime } from '../forms/wireValues.ts';
import type { RequestDayRow } from './requestDay.ts';
import { positionText } from './waitlistText.ts';

/** A request of the fair draw as the dashboard reads it: what was asked, and what became of it. */
export type DrawRequestRow = RequestDayRow & {
  parkingGarageName?: string | null;
  preferredSlotName?: string | null;
  drawStatus?: string | null;
  drawCutoffTime?: string | null;
  drawCutoffWorkingDaysBefore?: number | null;
  parkingSlotInformation?: string | null;
  waitlistStatus?: string | null;
  waitlistPosition?: number | null;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A request's cut-off: the day and time it is shown as, and the instant (the server's rule, drawCutoff). */
export type Cutoff = { day: LocalDate; time: string; at: Date };

export function cutoffOf(request: DrawRequestRow, calendar: WorkingCalendar): Cutoff | null {
  const { date, drawCutoffTime, drawCutoffWorkingDaysBefore } = request;
  if (typeof date !== 'string' || typeof drawCutoffTime !== 'string') {
    return null;
  }
  if (typeof drawCutoffWorkingDaysBefore !== 'number') {
    return null;
  }
  const settings = { drawCutoffTime, drawCutoffWorkingDaysBefore };
  return {
    day: workingDaysBefore(date, drawCutoffWorkingDaysBefore, calendar),
    time: shortTime(drawCutoffTime),
    at: drawCutoff(date, settings, calendar, DEFAULT_TIME_ZONE),
  };
}

/** Whether a request may still be withdrawn at `now`: pending, and its cut-off not come (the server's rule). */
export const isWithdrawable = (request: DrawRequestRow, cutoff: Cutoff | null, now: Date): boolean =>
  request.drawStatus === 'PENDING' && cutoff !== null && now.getTime() < cutoff.at.getTime();

/**
 * The line under a request's status, in plain words: until when a pending one may be withdrawn (or that the
 * draw is deciding), a won one's slot, and for a lost one what its place on the waitlist came to. `cutoffText`
 * is the cut-off as the user's language writes it.
 */
export function drawOutcomeText(
  request: DrawRequestRow,
  { withdrawable, cutoffText }: { withdrawable: boolean; cutoffText: string | null },
  t: Translate,
): string | null {
  const slot = request.parkingSlotInformation;
  switch (request.drawStatus) {
    case 'PENDING':
      if (withdrawable) {
        return cutoffText === null ? null : t('reservationPanel.draw.withdrawUntil', { cutoff: cutoffText });
      }
      return t('reservationPanel.draw.drawing');
    case 'WON':
      return slot ? t('reservationPanel.draw.wonSlot', { slot }) : t('reservationPanel.draw.won');
    case 'LOST':
      switch (request.waitlistStatus) {
        case 'WAITING': {
          const place = positionText(request.waitlistPosition, t);
          return place === null ? null : t('reservationPanel.draw.waiting', { place });
        }
        case 'PROMOTED':
          return t('reservationPanel.draw.promoted', { slot: slot ?? '' });
        case 'EXPIRED':
          return t('reservationPanel.draw.expired');
        default:
          return t('reservationPanel.draw.notWaiting');
      }
    default:
      return null;
  }
}
