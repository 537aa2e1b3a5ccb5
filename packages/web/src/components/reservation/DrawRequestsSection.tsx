import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reservationFormSetupQuery } from '../../api/reservationQueries.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { CasinoOutlinedIcon } from '../../icons/icons.tsx';
import { screenPath } from '../../screens/screens.ts';
import { ScreenLink } from '../layout/ScreenLink.tsx';
import { cutoffOf, type DrawRequestRow, drawOutcomeText, isWithdrawable } from './drawRequestText.ts';
import { RequestSection, type RequestSectionProps } from './RequestSection.tsx';
import { calendarOfTemplate } from './reservationDraft.ts';
import { useWallClock } from './useWallClock.ts';

export type { DrawRequestRow } from './drawRequestText.ts';

/**
 * The user's requests of the fair draw on the dashboard: day, time, garage, status, what became of each (a
 * won slot, a place on the waitlist), and Withdraw (`onAction`) until the cut-off, after which a line says why
 * it is gone.
 */
export function DrawRequestsSection(props: RequestSectionProps<DrawRequestRow>) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  // Re-rendered each minute, so Withdraw goes at the cut-off; the working calendar is the form's template's.
  useWallClock();
  const setup = useQuery(reservationFormSetupQuery());
  const calendar = calendarOfTemplate(setup.data?.template ?? null);
  const now = new Date();
  return (
    <RequestSection
      {...props}
      icon={<CasinoOutlinedIcon color="action" aria-hidden />}
      title={t('reservationPanel.draw.title')}
      aside={<ScreenLink to={screenPath('drawGuide')}>{t('reservationPanel.draw.guide')}</ScreenLink>}
      testId="draw-request"
      shownOf={(request) => {
        const cutoff = cutoffOf(request, calendar);
        const withdrawable = isWithdrawable(request, cutoff, now);
        const outcome = drawOutcomeText(
          request,
          {
            withdrawable,
            cutoffText: cutoff === null ? null : `${format.dayWithWeekday(cutoff.day)} ${cutoff.time}`,
          },
          t,
        );
        return {
          details: (
            <>
              <Typography variant="body2" color="text.secondary">
                {request.parkingGarageName ?? ''}
                {request.preferredSlotName ? ` · ${request.preferredSlotName}` : ''}
              </Typography>
              {outcome && (
                <Typography variant="body2" data-testid="draw-outcome">
                  {outcome}
                </Typography>
              )}
            </>
          ),
          status: request.drawStatus ? t(`enumeration.DrawStatus.${request.drawStatus}`) : '',
          action: withdrawable
            ? {
                label: t('reservationPanel.draw.withdraw'),
                ariaLabel: (day) => t('reservationPanel.draw.withdrawLabel', day),
              }
            : undefined,
        };
      }}
    />
  );
}
