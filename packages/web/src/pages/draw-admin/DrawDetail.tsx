import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DrawEntry, DrawReplay, DrawReplayEntry } from '@parkhere/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operation, type Row } from '../../api/model.ts';
import type { ColumnSpec } from '../../components/data-table/columns.tsx';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { ReplayTable } from './ReplayTable.tsx';

const COLUMNS: readonly ColumnSpec<DrawEntry>[] = [
  { field: 'place' },
  { field: 'userName', minWidth: 150 },
  { field: 'userEmail' },
  { field: 'startTime' },
  { field: 'endTime' },
  { field: 'priority', minWidth: 130 },
  { field: 'weight' },
  { field: 'preferredSlotName', minWidth: 160 },
  { field: 'mayReserve', minWidth: 120 },
  { field: 'result', minWidth: 150 },
  { field: 'slotName', minWidth: 160 },
  { field: 'waitlisted', minWidth: 120 },
];

type Replayed = DrawReplay & { entries?: DrawReplayEntry[] | null };

/** One draw: its figures, every request it took in draw order, and its replay (Draw.replay changes nothing). */
export function DrawDetail({ draw, onClose }: { draw: Row; onClose(): void }) {
  const { t } = useTranslation('application');
  const replaying = useMutation({
    mutationFn: () => operation('Draw', 'replay', undefined, draw) as Promise<Replayed>,
  });
  const replayed = replaying.data;
  const differing = (replayed?.entries ?? []).filter((entry) => entry.same !== true);
  return (
    <Stack spacing={2}>
      <Typography>
        {t('adminViews.draws.summary', {
          seed: draw.seed,
          requests: draw.requestCount,
          slots: draw.slotCount,
          winners: draw.winnerCount,
          waiting: draw.waitingCount,
        })}
      </Typography>
      <Typography variant="subtitle2" component="h3">
        {t('adminViews.draws.entries')}
      </Typography>
      <RelationTable
        of="Draw"
        relation="entries"
        owner={draw}
        columns={COLUMNS}
        readOnly
        countRecords
        defaultSort={{ attribute: 'place', descending: false }}
      />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <Button variant="contained" onClick={() => replaying.mutate()} disabled={replaying.isPending}>
          {replaying.isPending ? t('adminViews.draws.replaying') : t('adminViews.draws.replay')}
        </Button>
        <Button onClick={onClose}>{t('adminViews.draws.close')}</Button>
        <Typography variant="body2" color="text.secondary">
          {t('adminViews.draws.replayHint')}
        </Typography>
      </Stack>
      <div aria-live="polite">
        {replayed !== undefined &&
          (replayed.sameOutcome === true ? (
            <Alert severity="success">{t('adminViews.draws.same')}</Alert>
          ) : (
            <Stack spacing={2}>
              <Alert severity="warning">{t('adminViews.draws.different', { count: differing.length })}</Alert>
              <ReplayTable entries={differing} />
            </Stack>
          ))}
      </div>
    </Stack>
  );
}
