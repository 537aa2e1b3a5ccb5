import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { HeaderRow } from './HeaderRow.tsx';
import { usePhoneWidth } from './phoneWidth.ts';

export type CardField = { label: string; value: ReactNode };

/**
 * A card's fields: the labels and values are plain `dt` and `dd` elements styled by this one rule of their list,
 * not an MUI component each, so a page of cards renders and inserts one style per card instead of three per field
 * (the first commit of an administrator's table on a phone, issue 31 §1).
 */
const fieldsSx = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: 1,
  m: 0,
  pb: 1,
  '& > dt': { typography: 'body2', color: 'text.secondary', m: 0 },
  '& > dd': { typography: 'body2', m: 0, overflowWrap: 'anywhere', display: 'flex' },
} as const;

/** One row of a list on a phone: each field under its label, then the row's actions. */
export function RowCard({ fields, actions }: { fields: readonly CardField[]; actions?: ReactNode }) {
  return (
    <Card component="li" variant="outlined" data-testid="data-table-card">
      <CardContent component="dl" sx={fieldsSx}>
        {fields.map(({ label, value }) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </CardContent>
      {actions}
    </Card>
  );
}

/** The list of a phone's row cards. */
export function RowCardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {children}
    </Box>
  );
}

export type PlainRow = { key: string; cells: readonly ReactNode[] };

/**
 * A read-only list that is not a data grid (the dashboard's history): a table with a head row on a wide screen,
 * and on a phone one card per row with every column's title beside its value, so nothing is cut or hidden.
 */
export function ResponsiveTable({
  label,
  titles,
  rows,
  empty,
}: {
  label: string;
  titles: readonly string[];
  rows: readonly PlainRow[];
  /** Shown when there is no row; null while the rows load. */
  empty: string | null;
}) {
  const phone = usePhoneWidth();
  if (phone) {
    return (
      <Box sx={{ px: 2, pb: 2 }}>
        <RowCardList label={label}>
          {rows.map((row) => (
            <RowCard
              key={row.key}
              fields={titles.map((title, index) => ({ label: title, value: row.cells[index] }))}
            />
          ))}
        </RowCardList>
        {rows.length === 0 && empty !== null && <Typography color="text.secondary">{empty}</Typography>}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <HeaderRow titles={titles} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, index) => (
              <TableCell key={titles[index]}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
        {rows.length === 0 && empty !== null && (
          <TableRow>
            <TableCell colSpan={titles.length}>{empty}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
