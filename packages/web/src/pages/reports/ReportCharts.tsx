import { BarChart } from '@mui/x-charts/BarChart';

/*
 * The reports' charts, drawn with MUI X Charts. Only the Reports page imports this file, and the routes load
 * that page lazily, so no other screen loads the chart library.
 */

export type ChartSeries = { key: string; label: string };
type ChartRow = Record<string, string | number | null>;

const HEIGHT = 280;

/** Bars of `series` for each row along `band` (days, weekdays, garages, types). */
export function BandBarChart({
  rows,
  band,
  series,
  stacked = false,
}: {
  rows: readonly ChartRow[];
  band: string;
  series: readonly ChartSeries[];
  stacked?: boolean;
}) {
  return (
    <BarChart
      height={HEIGHT}
      dataset={[...rows]}
      xAxis={[{ scaleType: 'band', dataKey: band }]}
      series={series.map((each) => ({
        dataKey: each.key,
        label: each.label,
        ...(stacked ? { stack: 'all' } : {}),
      }))}
    />
  );
}

/** Horizontal bars, one per row named by `band`: a long list of names (slots) reads down the page. */
export function RankedBarChart({
  rows,
  band,
  series,
}: {
  rows: readonly ChartRow[];
  band: string;
  series: ChartSeries;
}) {
  return (
    <BarChart
      height={Math.max(HEIGHT, rows.length * 22 + 60)}
      layout="horizontal"
      dataset={[...rows]}
      yAxis={[{ scaleType: 'band', dataKey: band, width: 140 }]}
      series={[{ dataKey: series.key, label: series.label }]}
    />
  );
}
