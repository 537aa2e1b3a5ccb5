import { useTranslation } from 'react-i18next';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { RelationPickers } from '../../components/relation-picker/RelationPickers.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { FieldGrid, RecordViewPage, ViewSection } from '../ViewPage.tsx';
import { EditorField, EditorFlag, EditorForm } from './EditorForm.tsx';
import { TemplateField } from './TemplateField.tsx';
import { useRouteEntityEditor } from './useEntityEditor.ts';

const EDITABLE = [
  'name',
  'isActive',
  'emailTemplateOfTheGarage',
  'checkInRequired',
  'checkInEarlyMinutes',
  'checkInGraceMinutes',
  'drawEnabled',
  'drawCutoffTime',
  'drawCutoffWorkingDaysBefore',
  'drawFairnessWeeks',
] as const;

/** Services/Actor/ParkingGarages/AccessViewPage/:signedIdentifier: one garage, its slots and who may park there. */
export default function ParkingGarageViewPage() {
  const { t } = useTranslation('application');
  const editor = useRouteEntityEditor('ParkingGarageSettings', EDITABLE);

  return (
    <RecordViewPage record={editor.loaded}>
      {(garage) => (
        <>
          <ViewSection title={t('adminViews.garage.details')}>
            <EditorForm editor={editor}>
              <EditorField editor={editor} field="name" required />
              <EditorFlag editor={editor} field="isActive" />
              <EditorFlag
                editor={editor}
                field="checkInRequired"
                hint={t('adminViews.garage.checkInRequiredHint')}
              />
              <FieldGrid columns={2}>
                <EditorField
                  editor={editor}
                  field="checkInEarlyMinutes"
                  kind="integer"
                  hint={t('adminViews.garage.checkInEarlyMinutesHint')}
                />
                <EditorField
                  editor={editor}
                  field="checkInGraceMinutes"
                  kind="integer"
                  hint={t('adminViews.garage.checkInGraceMinutesHint')}
                />
              </FieldGrid>
              <EditorFlag editor={editor} field="drawEnabled" hint={t('adminViews.garage.drawEnabledHint')} />
              <FieldGrid columns={3}>
                <EditorField editor={editor} field="drawCutoffTime" kind="time" />
                <EditorField
                  editor={editor}
                  field="drawCutoffWorkingDaysBefore"
                  kind="integer"
                  hint={t('adminViews.garage.drawCutoffWorkingDaysBeforeHint')}
                />
                <EditorField
                  editor={editor}
                  field="drawFairnessWeeks"
                  kind="integer"
                  hint={t('adminViews.garage.drawFairnessWeeksHint')}
                />
              </FieldGrid>
              <TemplateField editor={editor} field="emailTemplateOfTheGarage" />
            </EditorForm>
          </ViewSection>
          <ViewSection title={t('adminViews.garage.slots')}>
            <RelationTable
              of="ParkingGarageSettings"
              relation="parkingSlots"
              owner={garage}
              columns={[
                { field: 'name', minWidth: 120 },
                { field: 'aggregaredName', flex: 2, minWidth: 200 },
                { field: 'floor' },
                { field: 'isActive' },
                { field: 'isExclusive' },
                { field: 'nextToWall' },
                { field: 'floorPlan' },
              ]}
              // The relation's ~create puts a new slot into this garage: no garage column to fill in.
              createIn="relation"
              countRecords
              defaultSort={{ attribute: 'aggregaredName', descending: false }}
            />
          </ViewSection>
          <ViewSection title={t('adminViews.garage.access')}>
            <RelationPickers
              type="ParkingGarageSettings"
              owner={garage}
              relations={[
                { relation: 'accessedUsers', label: t('adminViews.garage.accessedUsers') },
                { relation: 'usersWithIdCard', label: t('adminViews.garage.usersWithIdCard') },
              ]}
              labelAttribute="email"
            />
          </ViewSection>
          <RelatedPages type="ParkingGarageSettings" owner={garage} />
        </>
      )}
    </RecordViewPage>
  );
}
