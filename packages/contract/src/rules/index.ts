/**
 * Rules shared by the server and the web form, with the calendar they stand on (`calendar/`, which the model
 * uses too); the server's platform/calendar.ts and modules/reservations/rules build on these.
 *
 * - Dates are `LocalDate` (`yyyy-MM-dd`) and times `LocalTime` (`HH:mm:ss`) strings, computed through day
 *   numbers and minutes, never through a Date in the machine's time zone.
 * - Calendar: `easterSunday`, `hungarianPublicHolidays`, `workingCalendar(additionalDays)` → `WorkingCalendar`,
 *   `isWorkingDay`, `workingDaysBetween`, `nextWorkingDay`, `firstWorkingDayFrom`.
 * - Wall clock ↔ instant in a zone (Intl only): `wallClockAt`, `instantOf` (spring-gap times move forward,
 *   autumn-overlap times take the first occurrence), `intervalOf`, `intervalsOverlap` (half-open).
 * - Reservation form: `allowedReservationTypes`, `firstAllowedReservationType`, `isReservationTypePickerHidden`,
 *   `reservationFieldVisibility`, `defaultCar`, `preferredSlotIfOffered`, `defaultStartTime`, `defaultEndTime`,
 *   `reservationDateBounds`, `minReservationTime`, `halfHourWarningMinutes`, `correctedEndDate`,
 *   `isNextToWallWarningShown`, `longSeriesEndDateMax`, `isLongSeriesEndInBounds`, `longSeriesMeasuredFrom`
 *   (MAX_LONG_SERIES_DAYS); `reservationInputDefaults` (the `~template`) and `reservationInputState` (the
 *   read-only flags of ReservationInput: hidden fields, warnings, current date and time).
 * - `RuleCode`: the codes of the rules' 400 items, and the rule constants.
 */

export * from '../calendar/hungarian-holidays.ts';
export * from '../calendar/local-date.ts';
export * from '../calendar/local-time.ts';
export * from '../calendar/wall-clock.ts';
export * from '../calendar/working-days.ts';
export * from '../model/rule-codes.ts';
export * from './draw-cutoff.ts';
export * from './repeat-pattern.ts';
export * from './reservation-form.ts';
export * from './reservation-input-state.ts';
