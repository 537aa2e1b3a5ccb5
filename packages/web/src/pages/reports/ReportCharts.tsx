import { BarChart } from '@mui/x-charts/BarChart';
import type { ReportChart } from './reportSections.ts';

/*
 * The reports' charts, drawn with MUI X Charts. Only the Reports page imports this file, and the routes load
 * that page lazily, so no other screen loads the chart library.
 */

const HEIGHT = 280;

/**
 * Bars of the chart's series for each row along its band (days, weekdays, garages, types), stacked or side by
 * side; a ranked chart's bars lie on their side, one under the other, so a long list of names reads down.
 */
export function ChartOf({
  rows,
  band,
  series,
  stacked,
  ranked,
  label,
}: ReportChart & { label: (key: string) => string }) {
  const dataset = rows.map((row) =>
    Object.fromEntries([band, ...series].map((key) => [key, row[key] as string | number | null])),
  );
  const bars = series.map((key) => ({
    dataKey: key,
    label: label(key),
    ...(stacked ? { stack: 'all' } : {}),
  }));
  const axis = [{ scaleType: 'band' as const, dataKey: band }];
  return ranked ? (
    <BarChart
      height={Math.max(HEIGHT, rows.length * 22 + 60)}
      layout="horizontal"
      dataset={dataset}
      yAxis={[{ ...axis[0], width: 140 }]}
      series={bars}
    />
  ) : (
    <BarChart height={HEIGHT} dataset={dataset} xAxis={axis} series={bars} />
  );
}
