import { mailTemplateAttributes } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { RelationPickers } from '../../components/relation-picker/RelationPickers.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { FieldGrid, RecordViewPage, ViewSection } from '../ViewPage.tsx';
import { EditorField, EditorFlag, EditorForm, type FieldKind } from './EditorForm.tsx';
import { TemplateField } from './TemplateField.tsx';
import { type EntityEditor, useRouteEntityEditor } from './useEntityEditor.ts';

const EDITABLE = [
  'name',
  'isActive',
  ...mailTemplateAttributes('emailTemplateOfTheGarage'),
  'checkInRequired',
  'checkInEarlyMinutes',
  'checkInGraceMinutes',
  'drawEnabled',
  'drawCutoffTime',
  'drawCutoffWorkingDaysBefore',
  'drawFairnessWeeks',
] as const;

type Editable = (typeof EDITABLE)[number];

/** A garage's setting: its flag, and the values that shape it side by side under it, each with its hint. */
type Setting = {
  flag: Editable;
  fields: readonly { field: Editable; kind: FieldKind; hinted?: false }[];
};
const CHECK_IN: Setting = {
  flag: 'checkInRequired',
  fields: [
    { field: 'checkInEarlyMinutes', kind: 'integer' },
    { field: 'checkInGraceMinutes', kind: 'integer' },
  ],
};
const DRAW: Setting = {
  flag: 'drawEnabled',
  fields: [
    { field: 'drawCutoffTime', kind: 'time', hinted: false },
    { field: 'drawCutoffWorkingDaysBefore', kind: 'integer' },
    { field: 'drawFairnessWeeks', kind: 'integer' },
  ],
};

function SettingGroup({ editor, flag, fields }: Setting & { editor: EntityEditor }) {
  const { t } = useTranslation('application');
  const hint = (field: Editable) => t(`adminViews.garage.${field}Hint`);
  return (
    <>
      <EditorFlag editor={editor} field={flag} hint={hint(flag)} />
      <FieldGrid columns={fields.length === 2 ? 2 : 3}>
        {fields.map(({ field, kind, hinted }) => (
          <EditorField
            key={field}
            editor={editor}
            field={field}
            kind={kind}
            {...(hinted === false ? {} : { hint: hint(field) })}
          />
        ))}
      </FieldGrid>
    </>
  );
}

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
              <SettingGroup editor={editor} {...CHECK_IN} />
              <SettingGroup editor={editor} {...DRAW} />
              <TemplateField editor={editor} field="emailTemplateOfTheGarage" />
            </EditorForm>
          </ViewSection>
          <ViewSection title={t('adminViews.garage.slots')}>
            <RelationTable
              of="ParkingGarageSettings"
              relation="parkingSlots"
              owner={garage}
              columns={[
                { field: 'name' },
                { field: 'aggregaredName', flex: 2, minWidth: 200 },
                { field: 'floor' },
                { field: 'isActive' },
                { field: 'isExclusive' },
                { field: 'nextToWall' },
                { field: 'isAccessible' },
                { field: 'hasCharger' },
                { field: 'assignedTo', relationLabel: 'email', minWidth: 200, searchOnServer: true },
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
