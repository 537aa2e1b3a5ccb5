import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { DrawReplayEntry } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/data-table/ScrollRegion.tsx';

/** The requests a replay decided differently from the record: what each gave, side by side. */
export function ReplayTable({ entries }: { entries: readonly DrawReplayEntry[] }) {
  const { t } = useTranslation('application');
  const outcome = (result: string | null | undefined, slot: string | null | undefined, place: unknown) =>
    [
      result == null ? '' : t(`enumeration.DrawResult.${result}`),
      slot ?? '',
      place == null ? '' : `#${String(place)}`,
    ]
      .filter((part) => part !== '')
      .join(' · ');
  return (
    <ScrollRegion label={t('adminViews.draws.differences')}>
      <Table size="small">
        <caption>{t('adminViews.draws.differences')}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('adminViews.draws.requester')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('adminViews.draws.replayed')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('adminViews.draws.recorded')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={`${entry.userEmail}-${entry.recordedPlace}`}>
              <TableCell component="th" scope="row">
                {entry.userName} ({entry.userEmail})
              </TableCell>
              <TableCell>{outcome(entry.result, entry.slotName, entry.place)}</TableCell>
              <TableCell>
                {outcome(entry.recordedResult, entry.recordedSlotName, entry.recordedPlace)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
