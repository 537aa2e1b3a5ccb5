import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { WEEKDAY_CODES } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { localDateOfPicker, pickerDateOf } from '../forms/wireValues.ts';
import { pickerSlotProps } from './ReservationWhenFields.tsx';
import { toggledWeekdays, weekdaysOf } from './repeatPattern.ts';
import type { ReservationFormState } from './useReservationForm.ts';

type RepeatProps = { form: ReservationFormState; ids: string };

/** "Repeat weekly": a checkbox, then the weekdays and the last date (at most the horizon). */
export function RepeatFields({ form, ids }: RepeatProps) {
  const { t } = useTranslation('application');
  const { draft, change } = form;
  if (!form.repeatOffered) {
    return null;
  }
  const on = draft.repeatWeekdays !== '' || draft.repeatUntil !== null;
  const weekdays = weekdaysOf(draft.repeatWeekdays);
  const weekdaysError = form.errorOf('repeatWeekdays');
  return (
    <Stack spacing={1} data-testid="repeat-fields">
      <FormControlLabel
        control={
          <Checkbox
            id={`${ids}-repeat`}
            checked={on}
            onChange={(event) =>
              change('repeatWeekdays', (current) =>
                event.target.checked
                  ? { ...current, repeatUntil: form.bounds.max ?? current.date }
                  : { ...current, repeatWeekdays: '', repeatUntil: null },
              )
            }
          />
        }
        label={t('reservationForm.repeat.label')}
      />
      {on && (
        <>
          <FormControl component="fieldset" error={weekdaysError !== undefined}>
            <FormLabel component="legend">{t('reservationForm.repeat.weekdays')}</FormLabel>
            <FormGroup row>
              {WEEKDAY_CODES.map((code) => (
                <FormControlLabel
                  key={code}
                  control={
                    <Checkbox
                      checked={weekdays.includes(code)}
                      onChange={(event) =>
                        change('repeatWeekdays', (current) => ({
                          ...current,
                          repeatWeekdays: toggledWeekdays(current.repeatWeekdays, code, event.target.checked),
                        }))
                      }
                    />
                  }
                  label={t(`reservationForm.repeat.weekday.${code}`)}
                />
              ))}
            </FormGroup>
            {weekdaysError !== undefined && <FormHelperText>{weekdaysError}</FormHelperText>}
          </FormControl>
          <DatePicker
            label={t('reservationForm.repeat.until')}
            value={pickerDateOf(draft.repeatUntil)}
            minDate={pickerDateOf(draft.date) ?? undefined}
            maxDate={pickerDateOf(form.bounds.max) ?? undefined}
            onChange={(value) =>
              change('repeatUntil', (current) => ({ ...current, repeatUntil: localDateOfPicker(value) }))
            }
            slotProps={pickerSlotProps(form, ids, 'repeatUntil')}
          />
        </>
      )}
    </Stack>
  );
}
