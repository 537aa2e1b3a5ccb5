import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TypeOfDay } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import DataTable from '../../components/data-table/DataTable.tsx';
import { relationSource } from '../../components/data-table/relationSource.ts';
import { fieldErrorText } from '../../components/reservation/fieldErrors.ts';
import { FormErrorAlert, useValidationText } from '../../feedback/validationText.tsx';
import { useRelationCreate } from './useRelationCreate.ts';

const FIELDS = ['day', 'typeOfDay'] as const;

/** The additional working days and holidays of the calendar (DESIGN §4), created through createDay. */
export function AdditionalDaysSection({ configuration }: { configuration: Row }) {
  const { t } = useTranslation('application');
  const validationText = useValidationText();
  const [day, setDay] = useState('');
  const [typeOfDay, setTypeOfDay] = useState<string>('HOLIDAY');
  const creator = useRelationCreate(
    'ConfigurationSettings',
    'createDay',
    configuration,
    FIELDS,
    t('adminViews.days.created'),
    'AdditionalDay',
  );
  const messageOf = (field: string) => fieldErrorText(creator.errors.fields, field, validationText);

  return (
    <Stack spacing={2}>
      <Box
        component="form"
        aria-label={t('adminViews.days.create')}
        noValidate
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          void creator.submit({ day: day === '' ? null : day, typeOfDay }).then((ok) => ok && setDay(''));
        }}
      >
        <TextField
          name="day"
          type="date"
          label={t('attribute.day')}
          required
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            creator.clear('day');
          }}
          error={messageOf('day') !== undefined}
          helperText={messageOf('day')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          name="typeOfDay"
          label={t('attribute.typeOfDay')}
          value={typeOfDay}
          onChange={(event) => setTypeOfDay(event.target.value)}
          sx={{ minWidth: 180 }}
          error={messageOf('typeOfDay') !== undefined}
          helperText={messageOf('typeOfDay')}
        >
          {TypeOfDay.values.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`enumeration.TypeOfDay.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={creator.busy} sx={{ mt: 1 }}>
          {t('adminViews.days.create')}
        </Button>
      </Box>
      <FormErrorAlert codes={creator.errors.form} />
      <DataTable
        tableId="ConfigurationSettings.additionalDays"
        type="AdditionalDay"
        source={relationSource('ConfigurationSettings', 'additionalDays', configuration)}
        columns={[
          { field: 'day', flex: 1 },
          { field: 'typeOfDay', flex: 1 },
        ]}
        defaultSort={{ attribute: 'day', descending: true }}
      />
    </Stack>
  );
}
