import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { SingleRelationPicker } from '../../components/relation-picker/SingleRelationPicker.tsx';
import { ViewSection } from '../ViewPage.tsx';

/**
 * The preferred parking slot: picked from the relation's `~range`, stored with `~set` and cleared with `~unset`,
 * with a word when the chosen slot is next to a wall.
 */
export function PreferredSlotSection({ profile }: { profile: Row }) {
  const { t } = useTranslation('application');
  return (
    <ViewSection title={t('profileSettings.preferredSlot.title')}>
      <SingleRelationPicker
        type="ProfileSettings"
        relation="preferedParkingSlot"
        owner={profile}
        label={t('profileSettings.preferredSlot.label')}
        labelAttribute="aggregaredName"
        mask="{aggregaredName,nextToWall}"
        setLabel={t('profileSettings.preferredSlot.set')}
      >
        {(chosen) =>
          chosen?.nextToWall === true && (
            <Typography variant="body2" color="warning.main" sx={{ width: '100%' }}>
              {t('profileSettings.preferredSlot.nextToWall')}
            </Typography>
          )
        }
      </SingleRelationPicker>
    </ViewSection>
  );
}
