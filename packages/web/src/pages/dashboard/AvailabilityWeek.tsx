import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AvailabilityDay, LocalDate } from '@parkhere/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { availabilityQuery, dayPlanQuery } from '../../api/reservationQueries.ts';
import type { PlanChoice } from '../../components/floor-plan/dayPlanSlots.ts';
import { VISUALLY_HIDDEN } from '../../components/layout/visuallyHidden.ts';
import { useWallClock } from '../../components/reservation/useWallClock.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { dayLabel, freeText, isPickable, mineLines, weekPeriod } from './availabilityDays.ts';

// The floor-plan day view is its own chunk, loaded when a day's Plan is first pressed.
const DayPlanDialog = lazy(() => import('../../components/floor-plan/DayPlanDialog.tsx'));

/*
 * The dashboard's week view (issue 32, item 1): this week (and the next on a wide screen), each working day with
 * the slots free for the user's working hours and what is theirs; a day from today on fills the form's date.
 * A list of days, each a button with the day's whole sentence as its name; a polite live region says what the
 * tap did. Read under the panel's key: whatever changes the user's reservations reads it again. Where the user has
 * a garage with floor plans, a day from today on has a Plan button too: the day on the plans, where a free slot
 * fills the form with the day, its hours and that slot.
 */

type Props = { onPick(date: LocalDate): void; onPlanChoice(choice: PlanChoice): void };

/** Two weeks on a wide screen, one on a narrower one. */
export function useWeeksShown(): 1 | 2 {
  return useMediaQuery(useTheme().breakpoints.up('lg')) ? 2 : 1;
}

/** Whether the user has any garage with floor plans: asked of today's plans, without a word on failure. */
const todaysPlansQuery = (today: LocalDate) => dayPlanQuery(today, null, { quiet: true });

/**
 * The view's reads, begun before it mounts: the dashboard waits for them, so the panel under the view does not
 * move down as they answer (a card's button moved from under a finger). A failure is left for the view to show.
 */
export const readWeekViewAhead = (queryClient: QueryClient, today: LocalDate, weeks: 1 | 2) => {
  const { from, to } = weekPeriod(today, weeks);
  return Promise.all([
    queryClient.prefetchQuery(availabilityQuery(from, to, { quiet: true })),
    queryClient.prefetchQuery(todaysPlansQuery(today)),
  ]);
};

export function AvailabilityWeek({ onPick, onPlanChoice }: Props) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const titleId = useId();
  const today = useWallClock().date;
  const { from, to } = weekPeriod(today, useWeeksShown());
  const [picked, setPicked] = useState<string>('');
  const answer = useQuery(availabilityQuery(from, to));
  const data = answer.data;
  // Today's plans answer whether the user has a garage with floor plans at all (a failure: no Plan buttons).
  const hasPlans = useQuery({
    ...todaysPlansQuery(today),
    select: (plan) => plan.garages.some((garage) => garage.plans.length > 0),
  }).data;
  // The day whose plans are open.
  const [planDay, setPlanDay] = useState<LocalDate | null>(null);

  const pick = (day: AvailabilityDay) => {
    onPick(day.date);
    setPicked(t('availability.picked', { day: format.dayWithWeekday(day.date) }));
  };
  const choose = (choice: PlanChoice) => {
    setPlanDay(null);
    onPlanChoice(choice);
    setPicked(
      t('dayPlan.picked', {
        day: format.dayWithWeekday(choice.date),
        start: choice.startTime.slice(0, 5),
        end: choice.endTime.slice(0, 5),
        slot: choice.slot.name,
      }),
    );
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2 }}
      data-testid="availability"
    >
      <Typography id={titleId} variant="h6" component="h2">
        {t('availability.title')}
      </Typography>
      {data !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('availability.hours', { start: data.startTime.slice(0, 5), end: data.endTime.slice(0, 5) })}
        </Typography>
      )}
      {answer.isError && <Alert severity="warning">{t('availability.failed')}</Alert>}
      {data === undefined && !answer.isError && <Skeleton variant="rounded" height={96} />}
      {data !== undefined && (
        <Box
          component="ul"
          aria-labelledby={titleId}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(7, minmax(0, 1fr))' },
          }}
        >
          {data.days.map((day) => (
            <Box component="li" key={day.date} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <DayCell day={day} today={today} onPick={pick} />
              {hasPlans === true && isPickable(day, today) && (
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={t('dayPlan.open', { day: format.dayWithWeekday(day.date) })}
                  onClick={() => setPlanDay(day.date)}
                  data-testid="availability-plan"
                  data-date={day.date}
                >
                  {t('dayPlan.button')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
      <Box aria-live="polite" role="status" style={VISUALLY_HIDDEN}>
        {picked}
      </Box>
      {planDay !== null && (
        <Suspense fallback={null}>
          <DayPlanDialog date={planDay} onClose={() => setPlanDay(null)} onChoose={choose} />
        </Suspense>
      )}
    </Paper>
  );
}

function DayCell({
  day,
  today,
  onPick,
}: {
  day: AvailabilityDay;
  today: LocalDate;
  onPick(day: AvailabilityDay): void;
}) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const when = format.dayWithWeekday(day.date);
  const pickable = isPickable(day, today);
  const lines = mineLines(day, t);
  const content = (
    <>
      <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
        {day.date === today ? `${when} · ${t('availability.today')}` : when}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        sx={{ display: 'block', fontWeight: day.freeSlots === 0 ? 400 : 700 }}
        color={day.isWorkingDay ? 'text.primary' : 'text.secondary'}
      >
        {freeText(day, t)}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} variant="caption" component="span" color="primary" sx={{ display: 'block' }}>
          {line}
        </Typography>
      ))}
    </>
  );
  const frame = {
    flex: 1,
    p: 1,
    borderRadius: 1,
    border: 1,
    borderColor: day.date === today ? 'primary.main' : 'divider',
    textAlign: 'left',
    justifyContent: 'flex-start',
    alignItems: 'flex-start',
    flexDirection: 'column',
    display: 'flex',
    minHeight: 48,
    bgcolor: day.isWorkingDay ? 'background.paper' : 'action.hover',
  } as const;
  if (!pickable) {
    return (
      <Box
        // Shaded, not faded: a day that cannot be picked keeps its text readable (WCAG AA contrast).
        sx={{ ...frame, bgcolor: 'action.hover' }}
        data-testid="availability-day"
        data-date={day.date}
      >
        {content}
      </Box>
    );
  }
  return (
    <ButtonBase
      focusRipple
      sx={{
        ...frame,
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
      aria-label={dayLabel(day, when, today, t)}
      onClick={() => onPick(day)}
      data-testid="availability-day"
      data-date={day.date}
    >
      {content}
    </ButtonBase>
  );
}
