import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LICENSE_PLATE_MAX_LENGTH } from '@parkhere/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation, type Row, range } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { toast } from '../../feedback/toast.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export type WalkInDialogProps = {
  /** The doorman's arrivals panel, which the operation is bound to. */
  panel: Row;
  /** What the doorman searched for, when it was a plate nobody booked. */
  plate: string;
  onClose: () => void;
  onRecorded: () => void;
};

/**
 * A walk-in guest (issue 31 §3): name, plate, a free slot of the doorman's garage and, if not the end of
 * today, until when. The server books it from the current minute and checks the guest in at once.
 */
export function WalkInDialog({ panel, plate: searched, onClose, onRecorded }: WalkInDialogProps) {
  const { t } = useTranslation('application');
  const [guestName, setGuestName] = useState('');
  const [plate, setPlate] = useState(searched);
  const [until, setUntil] = useState('');
  const [slotId, setSlotId] = useState('');
  const endTime = until === '' ? null : `${until}:00`;
  // The slots free from now until the chosen end, asked again when the end changes.
  const slots = useQuery({
    queryKey: [...queryKeys.range('WalkInInput', 'parkingSlot', null), endTime],
    queryFn: () => range('WalkInInput', 'parkingSlot', { endTime }, { _mask: '{aggregaredName}' }),
  });
  const offered = slots.data ?? [];
  const slot = offered.find((candidate) => candidate.__signedIdentifier === slotId);
  const recording = useMutation({
    mutationFn: () =>
      operation(
        'DoormanArrivals',
        'recordWalkIn',
        { guestName, guestLicensePlate: plate, endTime, parkingSlot: slot ?? null },
        panel,
      ),
    onSuccess: () => {
      toast.success(t('adminViews.arrivals.walkIn.recorded', { name: guestName.trim() }));
      onRecorded();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Refused, the error pipeline has said why; the dialog stays for a correction.
    recording.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="walk-in-title">
      <form onSubmit={submit}>
        <DialogTitle id="walk-in-title">{t('adminViews.arrivals.walkIn.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('adminViews.arrivals.walkIn.name')}
              value={guestName}
              required
              autoFocus
              onChange={(event) => setGuestName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField
              label={t('adminViews.arrivals.plate')}
              value={plate}
              required
              onChange={(event) => setPlate(event.target.value.toUpperCase())}
              slotProps={{ htmlInput: { maxLength: LICENSE_PLATE_MAX_LENGTH, autoCapitalize: 'characters' } }}
            />
            <TextField
              type="time"
              label={t('adminViews.arrivals.walkIn.until')}
              helperText={t('adminViews.arrivals.walkIn.untilHint')}
              value={until}
              onChange={(event) => {
                setUntil(event.target.value);
                setSlotId('');
              }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              required
              label={t('adminViews.arrivals.slot')}
              value={slot === undefined ? '' : slotId}
              onChange={(event) => setSlotId(event.target.value)}
              helperText={
                slots.isSuccess && offered.length === 0 ? t('adminViews.arrivals.walkIn.noSlot') : undefined
              }
            >
              {offered.map((candidate) => (
                <MenuItem key={text(candidate.__signedIdentifier)} value={text(candidate.__signedIdentifier)}>
                  {text(candidate.aggregaredName)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('adminViews.arrivals.walkIn.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={recording.isPending || slot === undefined}>
            {t('adminViews.arrivals.walkIn.record')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
