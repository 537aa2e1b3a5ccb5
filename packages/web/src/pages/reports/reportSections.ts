import type { UtilisationReport } from '@parkhere/contract';
import type { TFunction } from 'i18next';
import { percent, type reportColumns } from './reportColumns.ts';
import type { ReportColumn } from './reportTable.ts';

/*
 * The Reports page's sections in order: each one's title (a key under adminViews.reports), CSV file name, table
 * and chart. A chart draws `series` (column keys) of its rows along `band`; a ranked one lies on its side.
 */

/** A row a chart reads: the band's name and the series' values (other fields are left alone). */
export type ChartRow = Record<string, unknown>;

export type ReportChart = {
  rows: ChartRow[];
  band: string;
  series: readonly string[];
  stacked?: boolean;
  ranked?: boolean;
};

type Section<R> = {
  title: string;
  fileName: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  chart?: ReportChart;
};

/** A section of any row type, as the page lists them side by side. */
const section = <R>(each: Section<R>) => each as unknown as Section<unknown>;

/** The slots the chart shows: the most used and the least used stand out, the table lists them all. */
const CHARTED_SLOTS = 12;

/** The CHARTED_SLOTS most used slots and as many least used, most used first (all of them when fewer). */
function mostAndLeastUsed<S extends { hoursUsed: number }>(slots: readonly S[]): S[] {
  const ranked = [...slots].sort((left, right) => right.hoursUsed - left.hoursUsed);
  return ranked.length <= 2 * CHARTED_SLOTS
    ? ranked
    : [...ranked.slice(0, CHARTED_SLOTS), ...ranked.slice(-CHARTED_SLOTS)];
}

/** The report's sections, their tables' columns as `columns` heads them. */
export function reportSections(
  report: UtilisationReport,
  columns: ReturnType<typeof reportColumns>,
  weekdayName: (weekday: number) => string,
  t: TFunction<'application'>,
) {
  return [
    section({
      title: 'days',
      fileName: 'occupancy-per-day',
      columns: columns.days,
      rows: report.days,
      chart: {
        rows: report.days.map((day) => ({ date: day.date, occupancy: percent(day.occupancy) })),
        band: 'date',
        series: ['occupancy'],
      },
    }),
    section({
      title: 'weekdays',
      fileName: 'occupancy-per-weekday',
      columns: columns.weekdays,
      rows: report.weekdays,
      chart: {
        rows: report.weekdays.map((day) => ({
          weekday: weekdayName(day.weekday),
          occupancy: percent(day.occupancy),
          peakInUse: day.peakInUse,
        })),
        band: 'weekday',
        series: ['occupancy', 'peakInUse'],
      },
    }),
    section({
      title: 'demand',
      fileName: 'demand-per-day',
      columns: columns.demand,
      rows: report.days,
      chart: {
        rows: report.days,
        band: 'date',
        series: ['reservations', 'waitlistUnserved', 'drawLosers'],
        stacked: true,
      },
    }),
    section({
      title: 'garages',
      fileName: 'attendance-per-garage',
      columns: columns.garages,
      rows: report.garages,
      chart: { rows: report.garages, band: 'name', series: ['checkIns', 'noShows', 'releases'] },
    }),
    section({ title: 'users', fileName: 'no-shows-per-user', columns: columns.users, rows: report.users }),
    section({
      title: 'types',
      fileName: 'reservations-by-type',
      columns: columns.types,
      rows: report.types,
      chart: {
        rows: report.types.map((each) => ({ ...each, type: t(`enumeration.ReservationType.${each.type}`) })),
        band: 'type',
        series: ['reservations', 'cancellations', 'deletions'],
      },
    }),
    section({
      title: 'slots',
      fileName: 'hours-per-slot',
      columns: columns.slots,
      rows: report.slots,
      chart: { rows: mostAndLeastUsed(report.slots), band: 'name', series: ['hoursUsed'], ranked: true },
    }),
  ];
}
