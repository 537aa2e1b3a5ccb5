import Alert from '@mui/material/Alert';
import FormGroup from '@mui/material/FormGroup';
import { RESERVATION_TYPE_FLAGS } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { RelationPickers } from '../../components/relation-picker/RelationPickers.tsx';
import { SingleRelationPicker } from '../../components/relation-picker/SingleRelationPicker.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { FieldGrid, RecordViewPage, SectionSubheading, ViewSection } from '../ViewPage.tsx';
import { DrawPrioritiesSection } from './DrawPrioritiesSection.tsx';
import { EditorField, EditorFlag, EditorForm } from './EditorForm.tsx';
import { ErasureSection } from './ErasureSection.tsx';
import { type ExclusiveFlag, withExclusiveFlag } from './quickNormalExclusive.ts';
import { UserCarsTable } from './UserCarsTable.tsx';
import { useRouteEntityEditor } from './useEntityEditor.ts';
import { useLeavingConfirmation } from './useLeavingConfirmation.ts';

const EDITABLE = [
  'name',
  'email',
  'isActive',
  'isAdministrator',
  ...RESERVATION_TYPE_FLAGS,
  'startOfWorkingTime',
  'endOfWorkingTime',
  'maxNormalReservation',
  'maxGuestReservation',
  'maxLongReservation',
  'hasAccessibilityPermit',
] as const;

const EXCLUSIVE: readonly ExclusiveFlag[] = ['isNormalReservation', 'isQuickReservation'];

/** Services/Actor/Users/AccessViewPage/:signedIdentifier: the users access form of SPEC §4 and the user's links. */
export default function UserViewPage() {
  const { t } = useTranslation('application');
  const editor = useLeavingConfirmation(useRouteEntityEditor('UserSettings', EDITABLE));

  return (
    <RecordViewPage record={editor.loaded}>
      {(user) => (
        <>
          <ViewSection title={t('adminViews.user.details')}>
            <EditorForm editor={editor}>
              <FieldGrid columns={2}>
                <EditorField editor={editor} field="name" required />
                <EditorField editor={editor} field="email" kind="email" required />
                <EditorField editor={editor} field="startOfWorkingTime" kind="time" required />
                <EditorField editor={editor} field="endOfWorkingTime" kind="time" required />
              </FieldGrid>
              <FormGroup row>
                <EditorFlag editor={editor} field="isActive" />
                <EditorFlag editor={editor} field="isAdministrator" />
              </FormGroup>
              <SectionSubheading>{t('adminViews.user.rights')}</SectionSubheading>
              <Alert severity="info" variant="outlined">
                {t('adminViews.user.exclusiveHint')}
              </Alert>
              <FormGroup row aria-label={t('adminViews.user.rights')}>
                {EXCLUSIVE.map((flag) => (
                  <EditorFlag
                    key={flag}
                    editor={editor}
                    field={flag}
                    onToggle={(value) => editor.replace(withExclusiveFlag(editor.edited, flag, value))}
                  />
                ))}
                <EditorFlag editor={editor} field="isGuestReservation" />
                <EditorFlag editor={editor} field="isLongReservation" />
                <EditorFlag editor={editor} field="hasAccessibilityPermit" />
              </FormGroup>
              <SectionSubheading>{t('adminViews.user.quotas')}</SectionSubheading>
              <FieldGrid columns={3}>
                <EditorField editor={editor} field="maxNormalReservation" kind="integer" required />
                <EditorField editor={editor} field="maxGuestReservation" kind="integer" required />
                <EditorField editor={editor} field="maxLongReservation" kind="integer" required />
              </FieldGrid>
              {/* Derived by the server: how many of the user's reservations were released for no check-in. */}
              <FieldGrid columns={3}>
                <EditorField editor={editor} field="noShowCount" kind="integer" readOnly />
              </FieldGrid>
            </EditorForm>
          </ViewSection>
          <ViewSection title={t('adminViews.user.access')}>
            <RelationPickers
              type="UserSettings"
              owner={user}
              relations={[
                { relation: 'accessedParkingGarages', label: t('adminViews.user.accessedGarages') },
                { relation: 'idCardsForParkingGarages', label: t('adminViews.user.idCards') },
              ]}
              labelAttribute="name"
            >
              <SingleRelationPicker
                type="UserSettings"
                relation="preferredParkingSlot"
                owner={user}
                label={t('adminViews.user.preferredSlot')}
                labelAttribute="aggregaredName"
              />
            </RelationPickers>
          </ViewSection>
          <DrawPrioritiesSection user={user} />
          <ViewSection title={t('adminViews.user.cars')}>
            <UserCarsTable type="UserSettings" owner={user} />
          </ViewSection>
          <ViewSection title={t('adminViews.user.holidays')}>
            <RelationTable
              of="UserSettings"
              relation="holiday"
              owner={user}
              columns={[{ field: 'startDate' }, { field: 'endDate' }]}
              readOnly
              defaultSort={{ attribute: 'startDate', descending: true }}
            />
          </ViewSection>
          {user.isActive === false && <ErasureSection user={user} reload={editor.reload} />}
          <RelatedPages type="UserSettings" owner={user} />
        </>
      )}
    </RecordViewPage>
  );
}
