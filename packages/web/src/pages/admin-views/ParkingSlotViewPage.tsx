import { useTranslation } from 'react-i18next';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { FieldGrid, RecordViewPage, ViewSection } from '../ViewPage.tsx';
import { EditorField, EditorFlag, EditorForm } from './EditorForm.tsx';
import { FileAttributeField } from './FileAttributeField.tsx';
import { PlanPlacementFields } from './PlanPlacementFields.tsx';
import { useRouteEntityEditor } from './useEntityEditor.ts';

const EDITABLE = [
  'name',
  'floor',
  'isActive',
  'isExclusive',
  'nextToWall',
  'isAccessible',
  'hasCharger',
  'floorPlan',
  'planX',
  'planY',
] as const;

const FLAGS = ['isActive', 'isExclusive', 'nextToWall', 'isAccessible', 'hasCharger'] as const;

/**
 * Services/Actor/ParkingSlots/AccessViewPage/:signedIdentifier: one slot, its floor plan and its place on it
 * (issue 32, item 1), saved together; its garage, pool and owner stay the slots table's to pick.
 */
export default function ParkingSlotViewPage() {
  const { t } = useTranslation('application');
  const editor = useRouteEntityEditor('ParkingSlotSettings', EDITABLE);
  return (
    <RecordViewPage record={editor.loaded}>
      {(slot) => (
        <>
          <ViewSection title={t('adminViews.slot.details')}>
            <EditorForm editor={editor}>
              <FieldGrid columns={2}>
                <EditorField editor={editor} field="name" required />
                <EditorField editor={editor} field="floor" kind="integer" required />
              </FieldGrid>
              {FLAGS.map((flag) => (
                <EditorFlag key={flag} editor={editor} field={flag} />
              ))}
              <FileAttributeField
                editor={editor}
                type="ParkingSlotSettings"
                field="floorPlan"
                accept="image/*,application/pdf"
              />
              <PlanPlacementFields editor={editor} />
            </EditorForm>
          </ViewSection>
          <RelatedPages type="ParkingSlotSettings" owner={slot} />
        </>
      )}
    </RecordViewPage>
  );
}
