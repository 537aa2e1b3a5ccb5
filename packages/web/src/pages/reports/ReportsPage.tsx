import Alert from '@mui/material/Alert';
import { addDays, REPORTS_UTILISATION_PATH, type UtilisationReport } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { toWireDate } from '../../components/data-table/wireValues.ts';
import { type Days, GarageDaysFilters, useGarageDays } from '../../components/forms/GarageDaysFilters.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { useViewPageTitle, ViewPage } from '../ViewPage.tsx';
import { ChartOf } from './ReportCharts.tsx';
import { ReportSection } from './ReportSection.tsx';
import { reportColumns } from './reportColumns.ts';
import { reportSections } from './reportSections.ts';
import { SlotHoldersSection } from './SlotHoldersSection.tsx';

/** The last 30 days, today included. */
const lastMonth = (): Days => {
  const today = toWireDate(new Date());
  return { from: addDays(today, -29), to: today };
};

const reportPath = ({ from, to }: Days, garage: string) =>
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
  const filters = useGarageDays(lastMonth);
  const { garage, days: period } = filters;
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
      <GarageDaysFilters texts="adminViews.reports" by="__signedIdentifier" {...filters} />
      {!complete && <Alert severity="info">{t('adminViews.reports.choosePeriod')}</Alert>}
      {complete && data === undefined && !report.isError && <PageLoading />}
      {data !== undefined && (
        <>
          {reportSections(data, columns, weekdayName, t).map((section) => (
            <ReportSection
              key={section.fileName}
              title={t(`adminViews.reports.${section.title}`)}
              fileName={section.fileName}
              columns={section.columns}
              rows={section.rows}
              chart={section.chart && <ChartOf {...section.chart} label={label} />}
            />
          ))}
          <SlotHoldersSection slots={data.slots} />
        </>
      )}
    </ViewPage>
  );
}
