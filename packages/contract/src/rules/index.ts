/**
 * Rules shared by the server and the web form (the server's domain/calendar and domain/reservation-rules build
 * on these).
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
 *   `isNextToWallWarningShown`.
 * - `RuleCode`: the codes of the rules' 400 items, and the rule constants.
 */
export * from './hungarian-holidays.ts';
export * from './local-date.ts';
export * from './local-time.ts';
export * from './reservation-form.ts';
export * from './rule-codes.ts';
export * from './wall-clock.ts';
export * from './working-days.ts';
