import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import type { ExistingReservation, ReservationConflict } from './conflict.ts';
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
      {conflict.existing === undefined ? (
        t(`reservationForm.conflict.${conflict.code}`, {
          defaultValue: t('reservationForm.conflict.SLOT_ALREADY_RESERVED'),
        })
      ) : (
        <ExistingReservationText existing={conflict.existing} />
      )}
      {/* The user's own overlap or waitlist entry says nothing of free slots: only a taken slot does. */}
      {next === null && !good && !OWN_CONFLICTS.has(conflict.code) && ` ${t('reservationForm.noFreeSlot')}`}
    </Alert>
  );
}

/** The user's own reservation a request collides with: its slot, its day in the reader's format and its times. */
export function ExistingReservationText({ existing }: { existing: ExistingReservation }) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  return t('reservationForm.conflict.OVERLAPPING_EXISTING', {
    slot: existing.parkingSlot,
    date: format.dayWithWeekday(existing.date),
    start: existing.startTime.slice(0, 5),
    end: existing.endTime.slice(0, 5),
  });
}
