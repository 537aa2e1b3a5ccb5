import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RequestRow, RequestSection, type RequestSectionProps } from './RequestSection.tsx';
import { requestTimeText } from './requestDay.ts';
import { positionText, type WaitlistRow, waitlistGarageText } from './waitlistText.ts';

/** The user's waitlist on the dashboard, beside the reservations: where each entry stands, and Leave (`onAction`). */
export function WaitlistSection({ rows, onAction, busy }: RequestSectionProps<WaitlistRow>) {
  const { t } = useTranslation('application');
  return (
    <RequestSection
      titleId="waitlist-title"
      icon={<HourglassEmptyOutlinedIcon color="action" aria-hidden />}
      title={t('reservationPanel.waitlist.title')}
    >
      {rows.map((entry) => {
        const position = positionText(entry.position, t);
        const time = requestTimeText(entry);
        return (
          <RequestRow
            key={entry.__signedIdentifier}
            testId="waitlist-entry"
            request={entry}
            time={time}
            details={
              <Typography variant="body2" color="text.secondary">
                {waitlistGarageText(entry, t)}
                {entry.guestName ? ` · ${entry.guestName}` : ''}
              </Typography>
            }
            status={
              position ??
              (entry.waitlistStatus ? t(`enumeration.WaitlistStatus.${entry.waitlistStatus}`) : '')
            }
            action={{
              label: t('reservationPanel.waitlist.leave'),
              ariaLabel: t('reservationPanel.waitlist.leaveLabel', { date: entry.date ?? '', time }),
              busy: busy === entry.__signedIdentifier,
              onClick: () => onAction(entry),
            }}
          />
        );
      })}
    </RequestSection>
  );
}
