import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { profileSettingsQuery } from '../../api/profileQueries.ts';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { useViewPageTitle, ViewPage, ViewSection } from '../ViewPage.tsx';
import { CalendarFeedSection } from './CalendarFeedSection.tsx';
import { CarsSection } from './CarsSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { PersonalDataSection } from './PersonalDataSection.tsx';
import { PersonalSettingsForm } from './PersonalSettingsForm.tsx';
import { PreferredSlotSection } from './PreferredSlotSection.tsx';

type GaragesTableProps = {
  profile: Row;
  relation: 'accessedParkingGarages' | 'idCardsForParkingGarages';
  title: string;
};

/** Garages of the user's profile by name, read-only: those they may park in, those they hold an ID card for. */
function GaragesTable({ profile, relation, title }: GaragesTableProps) {
  return (
    <RelationTable
      of="ProfileSettings"
      relation={relation}
      owner={profile}
      title={title}
      columns={[{ field: 'name' }]}
      readOnly
      defaultSort={{ attribute: 'name', descending: false }}
    />
  );
}

/** Services/Actor/ProfileSettings/AccessViewPage: the signed-in user's own settings, cars and access. */
export default function ProfileSettingsPage() {
  const { t } = useTranslation('application');
  const title = useViewPageTitle();
  const { t: ts } = useTranslation('system');
  const profile = useQuery(profileSettingsQuery());
  const loaded = profile.data ?? null;
  const reload = () => void profile.refetch();

  if (loaded === null) {
    // The title stays put while the profile loads, and a failed load can be retried without a reload.
    return (
      <ViewPage title={title}>
        {profile.isError ? (
          <Box>
            <Button variant="outlined" onClick={reload}>
              {ts('action.reload')}
            </Button>
          </Box>
        ) : (
          <PageLoading />
        )}
      </ViewPage>
    );
  }

  return (
    <ViewPage title={title}>
      <ViewSection title={t('profileSettings.personal')}>
        {/* Each answer (a save, a reload) starts the form over: its values, errors and conflict. */}
        <PersonalSettingsForm key={profile.dataUpdatedAt} profile={loaded} reload={reload} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="no-show-count">
          {t('profileSettings.noShows', {
            count: typeof loaded.noShowCount === 'number' ? loaded.noShowCount : 0,
          })}
        </Typography>
        {/* Granted by administrators; the user sees their own (issue 29). */}
        {loaded.hasAccessibilityPermit === true && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1 }}
            data-testid="accessibility-permit"
          >
            {t('profileSettings.accessibilityPermit')}
          </Typography>
        )}
      </ViewSection>
      <CarsSection profile={loaded} />
      <PreferredSlotSection profile={loaded} />
      <CalendarFeedSection />
      <NotificationsSection />
      <PersonalDataSection />
      <ViewSection title={t('profileSettings.access')}>
        <Stack spacing={3}>
          <GaragesTable
            profile={loaded}
            relation="accessedParkingGarages"
            title={t('profileSettings.accessedGarages')}
          />
          <RelationTable
            of="ProfileSettings"
            relation="accessedParkingSlots"
            owner={loaded}
            title={t('profileSettings.accessedSlots')}
            columns={[
              { field: 'aggregaredName', flex: 2, minWidth: 200 },
              { field: 'floor' },
              { field: 'nextToWall' },
            ]}
            readOnly
            countRecords
            defaultSort={{ attribute: 'aggregaredName', descending: false }}
          />
          <GaragesTable
            profile={loaded}
            relation="idCardsForParkingGarages"
            title={t('profileSettings.idCards')}
          />
        </Stack>
      </ViewSection>
      <RelatedPages type="ProfileSettings" owner={loaded} />
    </ViewPage>
  );
}
