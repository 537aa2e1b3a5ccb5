import type { LocalDate } from '../calendar/local-date.ts';
import type { LocalTime } from '../calendar/local-time.ts';
import { instantOf } from '../calendar/wall-clock.ts';
import { type WorkingCalendar, workingDaysBefore } from '../calendar/working-days.ts';

/*
 * The fair draw's cut-off: shared by the server (a direct booking of a day in the draw is refused, a request
 * of a day not in it too, a withdrawal after it) and the web (the form requests instead of booking).
 */

/** A garage's draw settings (ParkingGarageSettings). */
export type DrawSettings = {
  drawEnabled: boolean;
  drawCutoffTime: LocalTime;
  drawCutoffWorkingDaysBefore: number;
};

/**
 * The instant the draw of `date` runs: `drawCutoffTime` on the working day `drawCutoffWorkingDaysBefore`
 * working days before it, on the wall clock of `timeZone`, working days as `calendar` has them.
 */
export const drawCutoff = (
  date: LocalDate,
  settings: Omit<DrawSettings, 'drawEnabled'>,
  calendar: WorkingCalendar,
  timeZone: string,
): Date =>
  instantOf(
    workingDaysBefore(date, settings.drawCutoffWorkingDaysBefore, calendar),
    settings.drawCutoffTime,
    timeZone,
  );

/** A day is in the draw while its garage draws and its cut-off has not come; after it, first come first served. */
export const isInDraw = (
  now: Date,
  date: LocalDate,
  settings: DrawSettings,
  calendar: WorkingCalendar,
  timeZone: string,
): boolean =>
  settings.drawEnabled && now.getTime() < drawCutoff(date, settings, calendar, timeZone).getTime();
