import Stack from '@mui/material/Stack';
import { TypeOfDay } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { ViewSection } from '../ViewPage.tsx';
import { EnumerationField } from './EnumerationField.tsx';
import { CreateDayField, RelationCreateForm } from './RelationCreateForm.tsx';
import { useRelationCreate } from './useRelationCreate.ts';

/** The additional working days and holidays of the calendar (DESIGN §4), created through createDay. */
export function AdditionalDaysSection({ configuration }: { configuration: Row }) {
  const { t } = useTranslation('application');
  const [day, setDay] = useState('');
  const [typeOfDay, setTypeOfDay] = useState<TypeOfDay>('HOLIDAY');
  const creator = useRelationCreate(
    'ConfigurationSettings',
    'createDay',
    configuration,
    t('adminViews.days.created'),
  );

  return (
    <ViewSection title={t('page.additionalDays')}>
      <Stack spacing={2}>
        <RelationCreateForm
          creator={creator}
          label={t('adminViews.days.create')}
          onSubmit={() =>
            void creator.submit({ day: day === '' ? null : day, typeOfDay }).then((ok) => ok && setDay(''))
          }
        >
          <CreateDayField creator={creator} field="day" value={day} onChange={setDay} />
          <EnumerationField
            creator={creator}
            field="typeOfDay"
            enumeration={TypeOfDay}
            value={typeOfDay}
            onChange={setTypeOfDay}
          />
        </RelationCreateForm>
        <RelationTable
          of="ConfigurationSettings"
          relation="additionalDays"
          owner={configuration}
          columns={[{ field: 'day' }, { field: 'typeOfDay' }]}
          defaultSort={{ attribute: 'day', descending: true }}
        />
      </Stack>
    </ViewSection>
  );
}
