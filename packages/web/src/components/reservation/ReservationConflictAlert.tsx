import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { ReservationConflict } from './conflict.ts';
import type { SlotChoice } from './reservationDraft.ts';

const OWN_CONFLICTS = new Set(['ALREADY_ON_WAITLIST', 'OVERLAPPING_RESERVATION']);

type ReservationConflictAlertProps = {
  conflict: ReservationConflict;
  onTakeNextFreeSlot(slot: SlotChoice): void;
};

/**
 * A lost race (SPEC §5): the slot went to someone else; the next free one, when there is one, is offered. A
 * waitlist join that found a free slot after all offers it the same way.
 */
export function ReservationConflictAlert({ conflict, onTakeNextFreeSlot }: ReservationConflictAlertProps) {
  const { t } = useTranslation('application');
  const next = conflict.nextFreeSlot;
  // A waitlist join answered that a slot is free after all: good news, not a failure.
  const good = conflict.code === 'SLOT_AVAILABLE';
  return (
    <Alert
      severity={good ? 'info' : 'error'}
      role="alert"
      action={
        next === null ? undefined : (
          <Button color="inherit" size="small" onClick={() => onTakeNextFreeSlot(next)}>
            {t('reservationForm.takeNextFreeSlot', { slot: String(next.aggregaredName ?? '') })}
          </Button>
        )
      }
    >
      {conflict.existing === undefined
        ? t(`reservationForm.conflict.${conflict.code}`, {
            defaultValue: t('reservationForm.conflict.SLOT_ALREADY_RESERVED'),
          })
        : t('reservationForm.conflict.OVERLAPPING_EXISTING', {
            slot: conflict.existing.parkingSlot,
            date: conflict.existing.date,
            start: conflict.existing.startTime.slice(0, 5),
            end: conflict.existing.endTime.slice(0, 5),
          })}
      {/* The user's own overlap or waitlist entry says nothing of free slots: only a taken slot does. */}
      {next === null && !good && !OWN_CONFLICTS.has(conflict.code) && ` ${t('reservationForm.noFreeSlot')}`}
    </Alert>
  );
}
