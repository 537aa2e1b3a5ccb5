import type { RequestDayRow } from './requestDay.ts';

/** A waitlist entry as the dashboard and the administrators' table read it. */
export type WaitlistRow = RequestDayRow & {
  waitlistStatus?: string | null;
  position?: number | null;
  parkingGarageName?: string | null;
  guestName?: string | null;
  owner?: string | null;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "2nd in line" (in Hungarian "A sorban 2."); null once the entry is not waiting (the server sends no position). */
export function positionText(position: number | null | undefined, t: Translate): string | null {
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 1) {
    return null;
  }
  return t('reservationPanel.waitlist.inLine', { count: position, ordinal: true });
}

/** The garage an entry waits in, or that any of the user's garages will do. */
export const waitlistGarageText = (entry: WaitlistRow, t: Translate): string =>
  entry.parkingGarageName
    ? t('reservationPanel.waitlist.garage', { name: entry.parkingGarageName })
    : t('reservationPanel.waitlist.anyGarage');
