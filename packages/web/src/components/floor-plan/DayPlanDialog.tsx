import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  addDays,
  compareTimes,
  type FloorPlan,
  type GaragePlans,
  type LocalDate,
  type LocalTime,
  type PlanSlot,
  type PlanSlotStatus,
} from '@parkhere/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayPlanHours, dayPlanQuery } from '../../api/reservationQueries.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { ChevronLeftIcon, ChevronRightIcon, OpenInNewIcon } from '../../icons/icons.tsx';
import { downloadAttachment } from '../files/fileTransfer.ts';
import { TimeOfDayField } from '../forms/WallClockFields.tsx';
import {
  isChoosable,
  type PlanChoice,
  refusalKey,
  STATUS_KEYS,
  slotLabel,
  slotsOfGarage,
  statusCounts,
} from './dayPlanSlots.ts';
import { markerPlace, PlanPicture } from './PlanPicture.tsx';
import { positionOf } from './planPosition.ts';

/*
 * The floor-plan day view (issue 32, item 1), opened from a day of the dashboard's week view and loaded only then
 * (its own chunk): each plan picture of the user's garages with the slots on it, a free one a button that puts the
 * day, its hours and the slot into the reservation form, a taken or not-offered one shown with its status as its
 * text alternative; under each garage the same slots as a list, the picture's accessible equivalent (and the
 * easier one on a phone). The day and the hours can be changed here; the server judges the statuses.
 */

type Props = {
  date: LocalDate;
  onClose(): void;
  onChoose(choice: PlanChoice): void;
};

const MARKER_COLOURS: Record<PlanSlotStatus, object> = {
  FREE: { bgcolor: 'success.main', color: 'success.contrastText', borderColor: 'success.dark' },
  TAKEN: { bgcolor: 'grey.700', color: 'common.white', borderColor: 'grey.900' },
  NOT_OFFERED: { bgcolor: 'background.paper', color: 'text.secondary', borderColor: 'text.secondary' },
};

const markerLook = (status: PlanSlotStatus) =>
  ({
    ...MARKER_COLOURS[status],
    border: 1,
    borderRadius: 1,
    px: 0.5,
    minWidth: 28,
    minHeight: 24,
    fontSize: '0.7rem',
    fontWeight: 700,
    lineHeight: '22px',
    whiteSpace: 'nowrap',
    textDecoration: status === 'TAKEN' ? 'line-through' : 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  }) as const;

export default function DayPlanDialog({ date: firstDate, onClose, onChoose }: Props) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const [date, setDate] = useState(firstDate);
  // The hours asked; null: the form's default for the day (the server's answer says which).
  const [hours, setHours] = useState<DayPlanHours>(null);
  const answer = useQuery({ ...dayPlanQuery(date, hours), placeholderData: keepPreviousData });
  const plan = answer.data;

  // The hours as typed: the fields show them while the plan is asked for them (or while the end is not yet after
  // the start, which the plan waits for).
  const [typed, setTyped] = useState<{ startTime?: LocalTime; endTime?: LocalTime }>({});
  const shown =
    plan === undefined
      ? null
      : { startTime: typed.startTime ?? plan.startTime, endTime: typed.endTime ?? plan.endTime };
  const changeHour = (which: 'startTime' | 'endTime', value: string | null) => {
    if (value === null || shown === null) {
      return;
    }
    setTyped((current) => ({ ...current, [which]: value }));
    const next = { ...shown, [which]: value };
    if (compareTimes(next.endTime, next.startTime) > 0) {
      setHours(next);
    }
  };
  // While another day's or other hours' plan is on its way, the last one stays in view but offers nothing: a slot
  // chosen on it would fill the form with the day the user just left.
  const choose =
    plan === undefined || answer.isPlaceholderData
      ? undefined
      : (slot: PlanSlot) =>
          onChoose({ date: plan.date, startTime: plan.startTime, endTime: plan.endTime, slot });

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('dayPlan.title', { day: format.dayWithWeekday(date) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <Button startIcon={<ChevronLeftIcon />} onClick={() => setDate(addDays(date, -1))}>
              {t('dayPlan.previousDay')}
            </Button>
            <Button endIcon={<ChevronRightIcon />} onClick={() => setDate(addDays(date, 1))}>
              {t('dayPlan.nextDay')}
            </Button>
            {shown !== null && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <TimeOfDayField
                  name="startTime"
                  label={t('dayPlan.startTime')}
                  value={shown.startTime}
                  onChange={(value) => changeHour('startTime', value)}
                  sx={{ width: 140 }}
                />
                <TimeOfDayField
                  name="endTime"
                  label={t('dayPlan.endTime')}
                  value={shown.endTime}
                  onChange={(value) => changeHour('endTime', value)}
                  sx={{ width: 140 }}
                />
              </Box>
            )}
          </Box>
          {answer.isError && <Alert severity="warning">{t('dayPlan.failed')}</Alert>}
          {plan === undefined && !answer.isError && <Skeleton variant="rounded" height={240} />}
          {plan?.refusal != null && <Alert severity="info">{t(refusalKey(plan.refusal))}</Alert>}
          {plan !== undefined && plan.garages.length === 0 && (
            <Alert severity="info">{t('dayPlan.none')}</Alert>
          )}
          {plan !== undefined && (
            <Box
              aria-busy={answer.isPlaceholderData}
              data-testid="day-plan"
              data-date={plan.date}
              data-hours={`${plan.startTime}-${plan.endTime}`}
              sx={{ opacity: answer.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              <Legend />
              {plan.garages.map((garage) => (
                <GarageDay key={garage.garage} garage={garage} onChoose={choose} />
              ))}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dayPlan.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the markers' colours mean; their names say it too. */
function Legend() {
  const { t } = useTranslation('application');
  const statuses: PlanSlotStatus[] = ['FREE', 'TAKEN', 'NOT_OFFERED'];
  return (
    <Box
      component="ul"
      aria-label={t('dayPlan.legend')}
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}
    >
      {statuses.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box component="span" aria-hidden sx={markerLook(status)}>
            A-1
          </Box>
          <Typography variant="body2" component="span">
            {t(STATUS_KEYS[status])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What choosing a free slot does; none while the plan shown is not yet the one asked for. */
type Choose = ((slot: PlanSlot) => void) | undefined;

function GarageDay({ garage, onChoose }: { garage: GaragePlans; onChoose: Choose }) {
  const { t } = useTranslation('application');
  const listId = useId();
  const slots = slotsOfGarage(garage);
  const counts = statusCounts(slots);
  return (
    <Box component="section" aria-labelledby={listId} sx={{ mb: 3 }}>
      <Typography id={listId} variant="h6" component="h3">
        {garage.garageName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('dayPlan.counts', { free: counts.FREE, taken: counts.TAKEN, notOffered: counts.NOT_OFFERED })}
      </Typography>
      <Stack spacing={2}>
        {garage.plans.map((plan) => (
          <PlanDay key={plan.floorPlan} garage={garage} plan={plan} onChoose={onChoose} />
        ))}
      </Stack>
      <SlotList garage={garage} slots={slots} onChoose={onChoose} />
    </Box>
  );
}

function PlanDay({ garage, plan, onChoose }: { garage: GaragePlans; plan: FloorPlan; onChoose: Choose }) {
  const { t } = useTranslation('application');
  const openFile = (
    <Box>
      <Typography variant="body2">{t('dayPlan.notAPicture')}</Typography>
      <Button startIcon={<OpenInNewIcon />} onClick={() => void downloadAttachment(plan.floorPlan)}>
        {t('dayPlan.openFile')}
      </Button>
    </Box>
  );
  const floor = plan.placed[0]?.floor ?? plan.unplaced[0]?.floor;
  const floorText = floor === undefined ? null : t('dayPlan.floor', { floor });
  if (!plan.contentType.startsWith('image/')) {
    return openFile;
  }
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid="day-plan-picture">
      {floorText !== null && (
        <Typography variant="subtitle2" component="figcaption" sx={{ mb: 0.5 }}>
          {floorText}
        </Typography>
      )}
      <PlanPicture
        token={plan.floorPlan}
        alt={
          floorText === null
            ? t('dayPlan.planAlt', { garage: garage.garageName })
            : `${t('dayPlan.planAlt', { garage: garage.garageName })}, ${floorText}`
        }
        fallback={openFile}
      >
        {plan.placed.map((slot) => (
          <Marker key={slot.__signedIdentifier} slot={slot} onChoose={onChoose} />
        ))}
      </PlanPicture>
    </Box>
  );
}

function Marker({ slot, onChoose }: { slot: PlanSlot; onChoose: Choose }) {
  const { t } = useTranslation('application');
  const place = positionOf(slot);
  if (place === null) {
    return null;
  }
  const label = slotLabel(slot, t);
  const sx = { ...markerPlace(place), ...markerLook(slot.status) };
  if (isChoosable(slot)) {
    return (
      <ButtonBase
        focusRipple
        aria-label={label}
        title={label}
        disabled={onChoose === undefined}
        onClick={() => onChoose?.(slot)}
        data-testid="plan-slot"
        data-status={slot.status}
        sx={{ ...sx, '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        {slot.name}
      </ButtonBase>
    );
  }
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid="plan-slot"
      data-status={slot.status}
      sx={sx}
    >
      {slot.name}
    </Box>
  );
}

/** The garage's slots as a list: the plan's accessible equivalent; a free one is chosen here as on the plan. */
function SlotList({
  garage,
  slots,
  onChoose,
}: {
  garage: GaragePlans;
  slots: readonly PlanSlot[];
  onChoose: Choose;
}) {
  const { t } = useTranslation('application');
  const hintId = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        {t('dayPlan.list', { garage: garage.garageName })}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {t('dayPlan.listHint')}
      </Typography>
      <Box
        component="ul"
        aria-label={t('dayPlan.list', { garage: garage.garageName })}
        aria-describedby={hintId}
        data-testid="day-plan-list"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 1,
          display: 'grid',
          gap: 0.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
        }}
      >
        {slots.map((slot) => {
          const label = slotLabel(slot, t);
          const note =
            positionOf(slot) === null && garage.plans.length > 0 ? ` (${t('dayPlan.unplaced')})` : '';
          return (
            <Box component="li" key={slot.__signedIdentifier}>
              {isChoosable(slot) ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="success"
                  disabled={onChoose === undefined}
                  onClick={() => onChoose?.(slot)}
                  sx={{ width: '100%', justifyContent: 'flex-start', textTransform: 'none' }}
                >
                  {label}
                  {note}
                </Button>
              ) : (
                <Typography variant="body2" sx={{ px: 1, py: 0.5 }} color="text.secondary">
                  {label}
                  {note}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
