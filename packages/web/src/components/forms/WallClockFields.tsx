import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { LocalDate, LocalTime } from '@parkhere/contract';
import { PickersProvider } from './PickersProvider.tsx';
import { localDateOfPicker, localTimeOfPicker, pickerDateOf, pickerTimeOf } from './wireValues.ts';

/*
 * The reservation form's pickers for the other forms (profile, user, configuration): the interface's
 * language decides the day's format (`2026. 11. 23.` in Hungarian) and times are always 24-hour, instead of
 * the browser's native fields, which follow the device (`09:00 AM`, `mm/dd/yyyy`).
 */

type WallClockFieldProps = {
  /** The form field's name, also on the picker's hidden input. */
  name: string;
  label: string;
  /** The wire value (`HH:mm:ss`, `yyyy-MM-dd`); '' or null for none. */
  value: string | null;
  /** The wire value picked, or null once the field is cleared; a half-typed value is not reported. */
  onChange(value: string | null): void;
  required?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: string;
  sx?: SxProps<Theme>;
};

/** Reports a complete value or a cleared field; the sections typed so far stay in the field meanwhile. */
const reported =
  <Wire extends string>(onChange: (value: string | null) => void, wire: (value: Date) => Wire | null) =>
  (value: Date | null) => {
    if (value === null) {
      onChange(null);
      return;
    }
    const complete = wire(value);
    if (complete !== null) {
      onChange(complete);
    }
  };

const textFieldOf = ({ name, required, error, helperText }: WallClockFieldProps) => ({
  name,
  required,
  ...(error ? { error: true } : {}),
  ...(helperText === undefined ? {} : { helperText }),
});

/**
 * What a picker of either kind takes of the field: the wire value shown through `toPicker`, a complete or
 * cleared value reported through `toWire`, and the text field's name, error and help.
 */
const pickerPropsOf = <Wire extends string>(
  props: WallClockFieldProps,
  toPicker: (value: Wire | null) => Date | null,
  toWire: (value: Date) => Wire | null,
) => ({
  label: props.label,
  value: toPicker(props.value ? (props.value as Wire) : null),
  onChange: reported(props.onChange, toWire),
  readOnly: props.readOnly,
  slotProps: { textField: textFieldOf(props) },
  sx: props.sx,
});

/** A time of day, 24-hour in both languages. */
export function TimeOfDayField(props: WallClockFieldProps) {
  return (
    <PickersProvider>
      <TimePicker ampm={false} {...pickerPropsOf<LocalTime>(props, pickerTimeOf, localTimeOfPicker)} />
    </PickersProvider>
  );
}

/** A calendar day, written as the interface's language writes days. */
export function DayField(props: WallClockFieldProps) {
  return (
    <PickersProvider>
      <DatePicker {...pickerPropsOf<LocalDate>(props, pickerDateOf, localDateOfPicker)} />
    </PickersProvider>
  );
}
