import type { LocalDate, LocalTime } from '@parkhere/contract';
import { format } from 'date-fns';

/*
 * The pickers work with Date objects; the wire carries wall-clock strings. A picker Date is only a carrier
 * of the wall-clock fields in the browser's zone, never an instant.
 */

export const pickerDateOf = (date: LocalDate | null): Date | null => {
  if (date === null) {
    return null;
  }
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
};

export const pickerTimeOf = (time: LocalTime | null, on: LocalDate | null = null): Date | null => {
  if (time === null) {
    return null;
  }
  const base = pickerDateOf(on) ?? new Date(2000, 0, 1);
  const [hours, minutes] = time.split(':').map(Number);
  base.setHours(hours ?? 0, minutes ?? 0, 0, 0);
  return base;
};

const isValidDate = (value: Date | null): value is Date => value !== null && !Number.isNaN(value.getTime());

export const localDateOfPicker = (value: Date | null): LocalDate | null =>
  isValidDate(value) ? format(value, 'yyyy-MM-dd') : null;

export const localTimeOfPicker = (value: Date | null): LocalTime | null =>
  isValidDate(value) ? format(value, 'HH:mm:00') : null;

/** `HH:mm` for cards and messages. */
export const shortTime = (time: string | null | undefined): string => (time ?? '').slice(0, 5);
