import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignedDayState } from '@parkhere/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import { toast } from '../../feedback/toast.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { LocalParkingIcon } from '../../icons/icons.tsx';

/*
 * [Pools] The owner's assigned slot on the dashboard (issue 29, part 4): a row a working day, what the day is
 * (theirs, given back, booked by a colleague, their holiday), and "Not coming" on a day of theirs, which gives
 * it back (UserReservationPanel.releaseAssignedSlot) so the waitlist may be served; a day given back that
 * nobody booked yet is taken back by "Coming after all". Nobody without an assigned slot sees the section.
 */

/** One day of the schedule as the server answers it (AssignedSlotDay). */
export type AssignedDay = {
  date?: string | null;
  parkingSlotInformation?: string | null;
  assignedDayState?: AssignedDayState | null;
};

type Schedule = { hasAssignedSlot?: boolean; days?: readonly AssignedDay[] } | undefined;

/** What the owner may do on a day: give it back, take it back, or nothing (booked by a colleague, a holiday). */
export type AssignedDayAction = 'release' | 'takeBack' | null;

export function assignedDayAction(state: AssignedDayState | null | undefined): AssignedDayAction {
  switch (state) {
    case 'EXPECTED':
      return 'release';
    case 'GIVEN_BACK':
      return 'takeBack';
    default:
      return null;
  }
}

/** Read with the panel: whatever changes the user's reservations (a holiday) reads it again. */
export const assignedSlotDaysKey = [...ofType('UserReservationPanel'), 'assignedSlotDays'] as const;

/** The owner's days; `quiet` (the dashboard's read ahead): a failure is left for the section's own read to show. */
export const assignedSlotDaysQuery = ({ quiet = false }: { quiet?: boolean } = {}) =>
  queryOptions({
    queryKey: assignedSlotDaysKey,
    queryFn: async (): Promise<Schedule> =>
      (await operation('UserReservationPanel', 'assignedSlotDays', undefined, undefined, {
        handleErrors: !quiet,
      })) as Schedule,
  });

export function AssignedSlotSection() {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const queryClient = useQueryClient();
  const titleId = useId();
  const schedule = useQuery(assignedSlotDaysQuery());
  // The day whose button waits for its answer.
  const [busy, setBusy] = useState<string | null>(null);
  const days = schedule.data?.days ?? [];
  if (schedule.data?.hasAssignedSlot !== true) {
    return null;
  }

  const act = async (action: 'release' | 'takeBack', date: string) => {
    setBusy(date);
    try {
      await operation(
        'UserReservationPanel',
        action === 'release' ? 'releaseAssignedSlot' : 'takeBackAssignedSlot',
        { startDate: date, endDate: date },
      );
      toast.success(t(`assignedSlot.${action}Done`, { date: format.dayWithWeekday(date) }));
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: assignedSlotDaysKey });
      // A day given back or taken back changes the slots others are offered.
      void queryClient.invalidateQueries({ queryKey: ofType('ParkingSlot') });
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <LocalParkingIcon color="action" aria-hidden />
        <Typography id={titleId} variant="h6" component="h2">
          {t('assignedSlot.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('assignedSlot.explain')}
      </Typography>
      <List disablePadding>
        {days.map((day) => {
          const date = day.date ?? '';
          const action = assignedDayAction(day.assignedDayState);
          const when = format.dayWithWeekday(date);
          return (
            <ListItem
              key={`${date} ${day.parkingSlotInformation ?? ''}`}
              divider
              disableGutters
              data-testid="assigned-slot-day"
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p">
                  {when}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {day.parkingSlotInformation}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {day.assignedDayState && t(`enumeration.AssignedDayState.${day.assignedDayState}`)}
              </Typography>
              {action !== null && (
                <Button
                  size="small"
                  color="inherit"
                  disabled={busy !== null}
                  aria-label={t(`assignedSlot.${action}Label`, { date: when })}
                  onClick={() => void act(action, date).catch(() => undefined)}
                >
                  {t(`assignedSlot.${action}`)}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
