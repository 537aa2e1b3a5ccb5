import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { list } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { DayField } from './WallClockFields.tsx';

/** The first and the last day (both counted); '' leaves that end open. */
export type Days = { from: string; to: string };

const BOUNDS = ['from', 'to'] as const;
const GARAGES_QUERY = { _mask: '{name}', _orderBy: [{ attribute: 'name', descending: false }] };
const SOURCE = { kind: 'accessPoint', accessPoint: 'parkingGarages' } as const;

/** The chosen garage ('' for every garage) and days, and how the filters change them. */
export function useGarageDays(initial: Days | (() => Days)) {
  const [garage, onGarage] = useState('');
  const [days, onDays] = useState<Days>(initial);
  return { garage, onGarage, days, onDays };
}

type Props = ReturnType<typeof useGarageDays> & {
  /** Where the screen's texts are: its `intro`, its `filters` legend and `garage`, `anyGarage`, `from`, `to`. */
  texts: 'adminViews.draws' | 'adminViews.reports';
  /** What choosing a garage sets: its name (a list's filter) or its signed identifier (a report's question). */
  by: 'name' | '__signedIdentifier';
};

/**
 * An administrators' screen's introduction and its filters: a garage (or every garage) and the days, side by side
 * or wrapped.
 */
export function GarageDaysFilters({ texts, by, garage, onGarage, days, onDays }: Props) {
  const { t } = useTranslation('application');
  const garages = useQuery({
    queryKey: queryKeys.list('ParkingGarageSettings', SOURCE, GARAGES_QUERY, false),
    queryFn: () => list(SOURCE, GARAGES_QUERY),
  }).data?.items;
  return (
    <>
      <Typography>{t(`${texts}.intro`)}</Typography>
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <Box component="legend" sx={{ mb: 1, typography: 'subtitle2' }}>
          {t(`${texts}.filters`)}
        </Box>
        <TextField
          select
          name="garage"
          size="small"
          label={t(`${texts}.garage`)}
          value={garage}
          onChange={(event) => onGarage(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t(`${texts}.anyGarage`)}</MenuItem>
          {(garages ?? []).map((each) => (
            <MenuItem key={String(each.__identifier)} value={String(each[by])}>
              {String(each.name)}
            </MenuItem>
          ))}
        </TextField>
        {BOUNDS.map((bound) => (
          <DayField
            key={bound}
            name={bound}
            label={t(`${texts}.${bound}`)}
            value={days[bound]}
            onChange={(value) => onDays({ ...days, [bound]: value ?? '' })}
            sx={{ maxWidth: 200 }}
          />
        ))}
      </Box>
    </>
  );
}
