import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HourglassEmptyOutlinedIcon } from '../../icons/icons.tsx';
import { RequestSection, type RequestSectionProps } from './RequestSection.tsx';
import { positionText, type WaitlistRow, waitlistGarageText } from './waitlistText.ts';

/** The user's waitlist on the dashboard, beside the reservations: where each entry stands, and Leave (`onAction`). */
export function WaitlistSection(props: RequestSectionProps<WaitlistRow>) {
  const { t } = useTranslation('application');
  return (
    <RequestSection
      {...props}
      icon={<HourglassEmptyOutlinedIcon color="action" aria-hidden />}
      title={t('reservationPanel.waitlist.title')}
      testId="waitlist-entry"
      shownOf={(entry) => ({
        details: (
          <Typography variant="body2" color="text.secondary">
            {waitlistGarageText(entry, t)}
            {entry.guestName ? ` · ${entry.guestName}` : ''}
          </Typography>
        ),
        status:
          positionText(entry.position, t) ??
          (entry.waitlistStatus ? t(`enumeration.WaitlistStatus.${entry.waitlistStatus}`) : ''),
        action: {
          label: t('reservationPanel.waitlist.leave'),
          ariaLabel: (day) => t('reservationPanel.waitlist.leaveLabel', day),
        },
      })}
    />
  );
}
