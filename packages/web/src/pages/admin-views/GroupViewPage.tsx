import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { RelationPickers } from '../../components/relation-picker/RelationPickers.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { FieldGrid, RecordViewPage, ViewSection } from '../ViewPage.tsx';
import { EditorField, EditorForm } from './EditorForm.tsx';
import { useRouteEntityEditor } from './useEntityEditor.ts';

const RULES = ['maxDaysInAdvance', 'maxNormalReservation', 'maxLongReservation'] as const;
const POOL = ['poolReleaseTime', 'poolReleaseWorkingDaysBefore'] as const;
const EDITABLE = ['name', 'externalId', ...RULES, ...POOL] as const;

/** Services/Actor/Groups/AccessViewPage/:signedIdentifier: one group, its rules and its members. */
export default function GroupViewPage() {
  const { t } = useTranslation('application');
  const editor = useRouteEntityEditor('GroupSettings', EDITABLE);

  return (
    <RecordViewPage record={editor.loaded}>
      {(group) => (
        <>
          <ViewSection title={t('adminViews.group.details')}>
            <EditorForm editor={editor}>
              <FieldGrid columns={2}>
                <EditorField editor={editor} field="name" required />
                <EditorField editor={editor} field="externalId" hint={t('adminViews.group.externalIdHint')} />
              </FieldGrid>
              <Alert severity="info" variant="outlined">
                {t('adminViews.group.rulesHint')}
              </Alert>
              <FieldGrid columns={3}>
                {RULES.map((field) => (
                  <EditorField
                    key={field}
                    editor={editor}
                    field={field}
                    kind="integer"
                    hint={t(`adminViews.group.${field}Hint`)}
                  />
                ))}
              </FieldGrid>
              <FieldGrid columns={2}>
                <EditorField editor={editor} field="poolReleaseTime" kind="time" />
                <EditorField
                  editor={editor}
                  field="poolReleaseWorkingDaysBefore"
                  kind="integer"
                  hint={t('adminViews.group.poolReleaseWorkingDaysBeforeHint')}
                />
              </FieldGrid>
            </EditorForm>
          </ViewSection>
          <ViewSection title={t('adminViews.group.members')}>
            <RelationPickers
              type="GroupSettings"
              owner={group}
              relations={[{ relation: 'members', label: t('adminViews.group.members') }]}
              labelAttribute="email"
            />
          </ViewSection>
          <RelatedPages type="GroupSettings" owner={group} />
        </>
      )}
    </RecordViewPage>
  );
}
