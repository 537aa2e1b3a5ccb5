import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportAction, ImportRow } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/data-table/ScrollRegion.tsx';

/** How many rows are drawn at first and added by each "show more": a file may hold thousands. */
export const ROWS_AT_A_TIME = 100;

/** An action as a chip with its word (the colour only repeats it): a refusal stands out in the error colour. */
export function ActionChip({ action }: { action: ImportAction }) {
  const { t } = useTranslation('application');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={action === 'refuse' ? 'error' : 'default'}
      label={t(`adminViews.import.action.${action}`)}
    />
  );
}

/**
 * The rows of a file with their action and problems (each at its column), in a table that scrolls sideways in
 * its own region when a phone is too narrow for it.
 */
export function ImportRowsTable({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation('application');
  const [shown, setShown] = useState(ROWS_AT_A_TIME);
  const text = (key: string) => t(`adminViews.import.table.${key}`);
  const more = Math.min(ROWS_AT_A_TIME, rows.length - shown);
  return (
    <>
      <ScrollRegion label={text('label')}>
        <Table size="small" aria-label={text('label')}>
          <TableHead>
            <TableRow>
              <TableCell>{text('row')}</TableCell>
              <TableCell>{text('action')}</TableCell>
              <TableCell>{text('problems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, shown).map(({ row, action, problems }) => (
              <TableRow key={row}>
                <TableCell>{row}</TableCell>
                <TableCell>
                  <ActionChip action={action} />
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {problems.length > 0 && (
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {problems.map((problem) => (
                        <li key={`${problem.column}:${problem.code}`}>
                          {problem.column === ''
                            ? problem.message
                            : t('adminViews.import.table.problemAt', problem)}
                        </li>
                      ))}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      {more > 0 && (
        <Button onClick={() => setShown(shown + more)}>
          {t('adminViews.import.table.more', { count: more, total: rows.length })}
        </Button>
      )}
    </>
  );
}
