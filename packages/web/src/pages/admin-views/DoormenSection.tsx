import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, range } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { RelationPicker } from '../../components/relation-picker/RelationPicker.tsx';
import { GarageOutlinedIcon } from '../../icons/icons.tsx';
import { ViewSection } from '../ViewPage.tsx';
import { CreateTextField, RelationCreateForm } from './RelationCreateForm.tsx';
import { useRelationCreate } from './useRelationCreate.ts';

const GARAGE_QUERY = { _mask: '{name}', _orderBy: [{ attribute: 'name', descending: false }] };
const NO_GARAGES: Row[] = [];
const garageName = (garage: Row): string => (typeof garage.name === 'string' ? garage.name : '');

/** A doorman's assigned garages, edited in a dialog opened from their row: Save or Cancel, both close it. */
function AssignedGaragesDialog({ doorman, onClose }: { doorman: Row | null; onClose(): void }) {
  const { t } = useTranslation('application');
  return (
    <Dialog open={doorman !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {t('adminViews.doormen.assignedGaragesOf', {
          name: typeof doorman?.name === 'string' ? doorman.name : '',
        })}
      </DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        {doorman !== null && (
          <Box sx={{ pt: 1 }}>
            <RelationPicker
              type="Doorman"
              relation="assignedGarages"
              owner={doorman}
              label={t('adminViews.doormen.assignedGarages')}
              labelAttribute="name"
              onSaved={onClose}
              onCancel={onClose}
            />
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The doormen (DESIGN §1): created with createDoorman (name, email, garages), listed and edited in a table. */
export function DoormenSection({ configuration }: { configuration: Row }) {
  const { t } = useTranslation('application');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [garages, setGarages] = useState<Row[]>([]);
  const garageOptions = useQuery({
    queryKey: queryKeys.range('DoormanInput', 'accessedGarages', null, GARAGE_QUERY),
    queryFn: () => range('DoormanInput', 'accessedGarages', null, GARAGE_QUERY),
  });
  const [assigning, setAssigning] = useState<Row | null>(null);
  const creator = useRelationCreate(
    'ConfigurationSettings',
    'createDoorman',
    configuration,
    t('adminViews.doormen.created'),
  );

  const submit = async () => {
    const ok = await creator.submit({ name, email, accessedGarages: garages });
    if (ok) {
      setName('');
      setEmail('');
      setGarages([]);
    }
  };

  return (
    <ViewSection title={t('page.doormen')}>
      <Stack spacing={2}>
        <RelationCreateForm
          creator={creator}
          label={t('adminViews.doormen.create')}
          onSubmit={() => void submit()}
        >
          <CreateTextField
            creator={creator}
            field="name"
            name="doormanName"
            value={name}
            onChange={setName}
          />
          <CreateTextField
            creator={creator}
            field="email"
            name="doormanEmail"
            type="email"
            value={email}
            onChange={setEmail}
          />
          <Autocomplete
            multiple
            sx={{ minWidth: 260, flexGrow: 1 }}
            options={garageOptions.data ?? NO_GARAGES}
            value={garages}
            onChange={(_event, value) => setGarages(value)}
            getOptionLabel={garageName}
            isOptionEqualToValue={(option, value) => option.__identifier === value.__identifier}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('adminViews.doormen.assignedGarages')}
                error={creator.messageOf('accessedGarages') !== undefined}
                helperText={creator.messageOf('accessedGarages')}
              />
            )}
          />
        </RelationCreateForm>
        <RelationTable
          of="ConfigurationSettings"
          relation="doormans"
          owner={configuration}
          columns={[
            { field: 'name', minWidth: 160 },
            { field: 'email' },
            { field: 'assignedGarageNames', minWidth: 200 },
          ]}
          defaultSort={{ attribute: 'name', descending: false }}
          transferActions={[
            {
              key: 'assignedGarages',
              label: t('adminViews.doormen.assignedGarages'),
              icon: <GarageOutlinedIcon />,
              onClick: setAssigning,
            },
          ]}
        />
        <AssignedGaragesDialog doorman={assigning} onClose={() => setAssigning(null)} />
      </Stack>
    </ViewSection>
  );
}
