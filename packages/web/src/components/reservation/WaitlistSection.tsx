import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RequestRow, RequestSection } from './RequestSection.tsx';
import { positionText, type WaitlistRow, waitlistGarageText, waitlistTimeText } from './waitlistText.ts';

type WaitlistSectionProps = {
  entries: readonly WaitlistRow[];
  onLeave(entry: WaitlistRow): void;
  /** The entry whose leave is under way. */
  leaving: string | null;
};

/** The user's waitlist on the dashboard, beside the reservations: where each entry stands, and Leave. */
export function WaitlistSection({ entries, onLeave, leaving }: WaitlistSectionProps) {
  const { t } = useTranslation('application');
  return (
    <RequestSection
      titleId="waitlist-title"
      icon={<HourglassEmptyOutlinedIcon color="action" aria-hidden />}
      title={t('reservationPanel.waitlist.title')}
    >
      {entries.map((entry) => {
        const position = positionText(entry.position, t);
        const time = waitlistTimeText(entry);
        return (
          <RequestRow
            key={entry.__signedIdentifier}
            testId="waitlist-entry"
            date={entry.date}
            time={time}
            reservationType={entry.reservationType}
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
              busy: leaving === entry.__signedIdentifier,
              onClick: () => onLeave(entry),
            }}
          />
        );
      })}
    </RequestSection>
  );
}
