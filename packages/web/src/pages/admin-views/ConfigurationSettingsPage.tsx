import Typography from '@mui/material/Typography';
import { mailTemplateAttributes } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { getAccessPoint } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { FieldGrid, useViewPageTitle, ViewPage, ViewSection } from '../ViewPage.tsx';
import { AdditionalDaysSection } from './AdditionalDaysSection.tsx';
import { BackupsSection } from './BackupsSection.tsx';
import { DoormenSection } from './DoormenSection.tsx';
import { EditorField, EditorForm } from './EditorForm.tsx';
import { FileAttributeField } from './FileAttributeField.tsx';
import { TemplateField } from './TemplateField.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';
import { useEntityEditor } from './useEntityEditor.ts';

const TEMPLATES = [
  'doormanEmailTemplate',
  'deletionEmailTemplate',
  'modificationEmailTemplate',
  'reminderEmailTemplate',
] as const;

const EDITABLE = [
  'senderEmail',
  'contactEmail',
  'timeZone',
  'maxDaysInAdvance',
  'accessibleSlotReleaseMinutes',
  'retentionMonths',
  'auditRetentionMonths',
  ...TEMPLATES.flatMap(mailTemplateAttributes),
  'holidayImage',
] as const;

/** Services/Actor/ConfigurationSettings/AccessViewPage: mail, calendar and doormen of the installation. */
export default function ConfigurationSettingsPage() {
  const { t } = useTranslation('application');
  const title = useViewPageTitle();
  const editor = useEntityEditor(
    'ConfigurationSettings',
    {
      key: queryKeys.accessPoint('configurationSettings'),
      fetch: () => getAccessPoint('configurationSettings'),
    },
    EDITABLE,
  );
  const configuration = editor.loaded;
  const dialogs = useDialogs();
  // A new time zone moves the instants of every reservation not begun yet to keep its wall-clock times
  // (DESIGN §4, migration 0052): the administrator is told how many first, and saves only once they agree.
  const confirmTimeZone = async (changed: readonly string[]): Promise<boolean> => {
    if (!changed.includes('timeZone')) {
      return true;
    }
    const panel = await getAccessPoint('reservationsAccess', { _mask: '{upcomingReservationCount}' });
    return dialogs.confirm({
      message: t('adminViews.configuration.timeZoneChange', {
        count: Number(panel.upcomingReservationCount ?? 0),
        zone: String(editor.edited.timeZone ?? ''),
      }),
    });
  };

  return (
    <ViewPage title={title}>
      {configuration !== null && (
        <>
          <ViewSection title={t('adminViews.configuration.general')}>
            <EditorForm editor={editor} confirmSave={confirmTimeZone}>
              <FieldGrid columns={2}>
                <EditorField editor={editor} field="senderEmail" kind="email" />
                <EditorField editor={editor} field="contactEmail" kind="email" />
                <TimeZoneField editor={editor} />
                <EditorField editor={editor} field="maxDaysInAdvance" kind="integer" required />
                <EditorField editor={editor} field="accessibleSlotReleaseMinutes" kind="integer" required />
                <EditorField editor={editor} field="retentionMonths" kind="integer" required />
                <EditorField editor={editor} field="auditRetentionMonths" kind="integer" required />
              </FieldGrid>
              <FileAttributeField editor={editor} type="ConfigurationSettings" field="holidayImage" />
              <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
                {t('adminViews.configuration.templates')}
              </Typography>
              {TEMPLATES.map((field) => (
                <TemplateField key={field} editor={editor} field={field} />
              ))}
            </EditorForm>
          </ViewSection>
          <AdditionalDaysSection configuration={configuration} />
          <DoormenSection configuration={configuration} />
          <BackupsSection />
          <RelatedPages type="ConfigurationSettings" owner={configuration} />
        </>
      )}
    </ViewPage>
  );
}
