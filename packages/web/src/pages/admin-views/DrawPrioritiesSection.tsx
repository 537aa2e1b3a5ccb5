import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { DrawPriorityCategory } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { ViewSection } from '../ViewPage.tsx';
import { EnumerationField } from './EnumerationField.tsx';
import { CreateDayField, RelationCreateForm } from './RelationCreateForm.tsx';
import { useRelationCreate } from './useRelationCreate.ts';

/**
 * A user's need-based priorities in the fair draw (UserSettings.drawPriorities), on the administrator's user
 * page: given through createDrawPriority, changed and taken back in the table. Only the kind of need is kept.
 */
export function DrawPrioritiesSection({ user }: { user: Row }) {
  const { t } = useTranslation('application');
  const [category, setCategory] = useState<DrawPriorityCategory>('ACCESSIBILITY');
  const [expires, setExpires] = useState('');
  const creator = useRelationCreate(
    'UserSettings',
    'createDrawPriority',
    user,
    t('adminViews.priorities.created'),
  );
  return (
    <ViewSection title={t('adminViews.priorities.title')}>
      <Stack spacing={2}>
        <Alert severity="info" variant="outlined">
          {t('adminViews.priorities.hint')}
        </Alert>
        <RelationCreateForm
          creator={creator}
          label={t('adminViews.priorities.create')}
          onSubmit={() =>
            void creator
              .submit({ category, expires: expires === '' ? null : expires })
              .then((ok) => ok && setExpires(''))
          }
        >
          <EnumerationField
            creator={creator}
            field="category"
            enumeration={DrawPriorityCategory}
            value={category}
            onChange={setCategory}
          />
          <CreateDayField creator={creator} field="expires" value={expires} onChange={setExpires} />
        </RelationCreateForm>
        <RelationTable
          of="UserSettings"
          relation="drawPriorities"
          owner={user}
          columns={[{ field: 'category', minWidth: 160 }, { field: 'expires' }]}
          defaultSort={{ attribute: 'expires', descending: false }}
        />
      </Stack>
    </ViewSection>
  );
}
