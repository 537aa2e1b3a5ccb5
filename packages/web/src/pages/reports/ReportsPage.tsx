import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addDays, REPORTS_UTILISATION_PATH, type UtilisationReport } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { list } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { toWireDate } from '../../components/data-table/wireValues.ts';
import { DayField } from '../../components/forms/WallClockFields.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { useViewPageTitle, ViewPage } from '../ViewPage.tsx';
import { BandBarChart, RankedBarChart } from './ReportCharts.tsx';
import { ReportSection } from './ReportSection.tsx';
import { percent, reportColumns } from './reportColumns.ts';
import { SlotHoldersSection } from './SlotHoldersSection.tsx';

const GARAGES_QUERY = { _mask: '{name}', _orderBy: [{ attribute: 'name', descending: false }] };
const BOUNDS = ['from', 'to'] as const;
/** The slots the chart shows: the most used and the least used stand out, the table lists them all. */
const CHARTED_SLOTS = 12;

type Period = { from: string; to: string };

/** The last 30 days, today included. */
const lastMonth = (): Period => {
  const today = toWireDate(new Date());
  return { from: addDays(today, -29), to: today };
};

const reportPath = ({ from, to }: Period, garage: string) =>
  `/${REPORTS_UTILISATION_PATH}?${new URLSearchParams({ from, to, ...(garage === '' ? {} : { garage }) })}`;

/** The weekday's name in `language` (1 Monday … 7 Sunday): 2024-01-01 was a Monday. */
const weekdayNamer = (language: string) => {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return (weekday: number) => format.format(new Date(Date.UTC(2024, 0, weekday)));
};

/**
 * Reports (administrators, issue 28): the utilisation of a period and a garage (or all), each report a chart with
 * its table beside it and a CSV download, and who held a slot at an instant. The server computes every figure.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('application');
  const title = useViewPageTitle();
  const [garage, setGarage] = useState('');
  const [period, setPeriod] = useState<Period>(lastMonth);
  const source = { kind: 'accessPoint', accessPoint: 'parkingGarages' } as const;
  const garages = useQuery({
    queryKey: queryKeys.list('ParkingGarageSettings', source, GARAGES_QUERY, false),
    queryFn: () => list(source, GARAGES_QUERY),
  }).data?.items;
  const complete = period.from !== '' && period.to !== '' && period.from <= period.to;
  const report = useQuery({
    queryKey: ['reports', 'utilisation', period, garage],
    queryFn: () => api.get<UtilisationReport>(reportPath(period, garage)),
    enabled: complete,
  });
  const weekdayName = weekdayNamer(i18n.language);
  const columns = reportColumns(t, weekdayName);
  const label = (key: string) => t(`adminViews.reports.column.${key}`);
  const data = report.data;

  return (
    <ViewPage title={title}>
      <Typography>{t('adminViews.reports.intro')}</Typography>
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <Box component="legend" sx={{ mb: 1, typography: 'subtitle2' }}>
          {t('adminViews.reports.filters')}
        </Box>
        <TextField
          select
          name="garage"
          size="small"
          label={t('adminViews.reports.garage')}
          value={garage}
          onChange={(event) => setGarage(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('adminViews.reports.anyGarage')}</MenuItem>
          {(garages ?? []).map((each) => (
            <MenuItem key={String(each.__identifier)} value={String(each.__signedIdentifier)}>
              {String(each.name)}
            </MenuItem>
          ))}
        </TextField>
        {BOUNDS.map((bound) => (
          <DayField
            key={bound}
            name={bound}
            label={t(`adminViews.reports.${bound}`)}
            value={period[bound]}
            onChange={(value) => setPeriod((current) => ({ ...current, [bound]: value ?? '' }))}
            sx={{ maxWidth: 200 }}
          />
        ))}
      </Box>
      {!complete && <Alert severity="info">{t('adminViews.reports.choosePeriod')}</Alert>}
      {complete && data === undefined && !report.isError && <PageLoading />}
      {data !== undefined && (
        <>
          <ReportSection
            title={t('adminViews.reports.days')}
            fileName="occupancy-per-day"
            columns={columns.days}
            rows={data.days}
            chart={
              <BandBarChart
                rows={data.days.map((day) => ({ date: day.date, occupancy: percent(day.occupancy) }))}
                band="date"
                series={[{ key: 'occupancy', label: label('occupancy') }]}
              />
            }
          />
          <ReportSection
            title={t('adminViews.reports.weekdays')}
            fileName="occupancy-per-weekday"
            columns={columns.weekdays}
            rows={data.weekdays}
            chart={
              <BandBarChart
                rows={data.weekdays.map((day) => ({
                  weekday: weekdayName(day.weekday),
                  occupancy: percent(day.occupancy),
                  peakInUse: day.peakInUse,
                }))}
                band="weekday"
                series={[
                  { key: 'occupancy', label: label('occupancy') },
                  { key: 'peakInUse', label: label('peakInUse') },
                ]}
              />
            }
          />
          <ReportSection
            title={t('adminViews.reports.demand')}
            fileName="demand-per-day"
            columns={columns.demand}
            rows={data.days}
            chart={
              <BandBarChart
                rows={data.days.map(({ date, reservations, waitlistUnserved, drawLosers }) => ({
                  date,
                  reservations,
                  waitlistUnserved,
                  drawLosers,
                }))}
                band="date"
                stacked
                series={['reservations', 'waitlistUnserved', 'drawLosers'].map((key) => ({
                  key,
                  label: label(key),
                }))}
              />
            }
          />
          <ReportSection
            title={t('adminViews.reports.garages')}
            fileName="attendance-per-garage"
            columns={columns.garages}
            rows={data.garages}
            chart={
              <BandBarChart
                rows={data.garages.map(({ name, checkIns, noShows, releases }) => ({
                  name,
                  checkIns,
                  noShows,
                  releases,
                }))}
                band="name"
                series={['checkIns', 'noShows', 'releases'].map((key) => ({ key, label: label(key) }))}
              />
            }
          />
          <ReportSection
            title={t('adminViews.reports.users')}
            fileName="no-shows-per-user"
            columns={columns.users}
            rows={data.users}
          />
          <ReportSection
            title={t('adminViews.reports.types')}
            fileName="reservations-by-type"
            columns={columns.types}
            rows={data.types}
            chart={
              <BandBarChart
                rows={data.types.map(({ type, reservations, cancellations, deletions }) => ({
                  type: t(`enumeration.ReservationType.${type}`),
                  reservations,
                  cancellations,
                  deletions,
                }))}
                band="type"
                series={['reservations', 'cancellations', 'deletions'].map((key) => ({
                  key,
                  label: label(key),
                }))}
              />
            }
          />
          <ReportSection
            title={t('adminViews.reports.slots')}
            fileName="hours-per-slot"
            columns={columns.slots}
            rows={data.slots}
            chart={
              <RankedBarChart
                rows={mostAndLeastUsed(data.slots).map(({ name, hoursUsed }) => ({ name, hoursUsed }))}
                band="name"
                series={{ key: 'hoursUsed', label: label('hoursUsed') }}
              />
            }
          />
          <SlotHoldersSection slots={data.slots} />
        </>
      )}
    </ViewPage>
  );
}

/** The CHARTED_SLOTS most used slots and as many least used, most used first (all of them when fewer). */
function mostAndLeastUsed<S extends { hoursUsed: number }>(slots: readonly S[]): S[] {
  const ranked = [...slots].sort((left, right) => right.hoursUsed - left.hoursUsed);
  return ranked.length <= 2 * CHARTED_SLOTS
    ? ranked
    : [...ranked.slice(0, CHARTED_SLOTS), ...ranked.slice(-CHARTED_SLOTS)];
}
