import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../components/layout/visuallyHidden.ts';
import { DownloadIcon } from '../../icons/icons.tsx';
import { ViewSection } from '../ViewPage.tsx';
import { cellText, csvOf, downloadCsv, type ReportColumn } from './reportTable.ts';

type Props<R> = {
  title: string;
  /** The chart, drawn from the same rows; the table beside it is what assistive technology reads. */
  chart?: ReactNode;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  /** The CSV file's name without its extension. */
  fileName: string;
};

/** One report: its chart, its figures as a table beside it (under it on a phone), and their CSV download. */
export function ReportSection<R>({ title, chart, columns, rows, fileName }: Props<R>) {
  const { t, i18n } = useTranslation('application');
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <ViewSection title={title}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: chart ? '3fr 2fr' : '1fr' } }}
      >
        {chart && (
          <Box role="img" aria-label={t('adminViews.reports.chartOf', { title })} sx={{ minWidth: 0 }}>
            {chart}
          </Box>
        )}
        <Box
          // A keyboard reaches the table's sideways scroll too.
          tabIndex={0}
          role="region"
          aria-label={t('adminViews.reports.tableOf', { title })}
          sx={{ overflow: 'auto', maxHeight: 420, minWidth: 0 }}
        >
          <Table size="small" stickyHeader>
            <caption style={VISUALLY_HIDDEN}>{title}</caption>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.header} scope="col">
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                // The rows are the report's, in its order, and never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: a report's row has no identity of its own
                <TableRow key={index}>
                  {columns.map((column) => (
                    <TableCell key={column.header}>{cellText(column.cell(row), numbers)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
      <Button
        startIcon={<DownloadIcon />}
        sx={{ mt: 1 }}
        onClick={() => downloadCsv(csvOf(columns, rows), `${fileName}.csv`)}
      >
        {t('adminViews.reports.download')}
      </Button>
    </ViewSection>
  );
}
