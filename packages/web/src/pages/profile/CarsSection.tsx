import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operation, type Row, update } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import type { TransferAction } from '../../components/data-table/DataTable.tsx';
import { RelationTable } from '../../components/data-table/RelationTable.tsx';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import {
  AddIcon,
  ArchiveOutlinedIcon,
  DeleteOutlinedIcon,
  StarBorderIcon,
  UnarchiveOutlinedIcon,
} from '../../icons/icons.tsx';
import { ViewSection } from '../ViewPage.tsx';
import { AddCarDialog } from './AddCarDialog.tsx';

/**
 * The user's cars: inline edit through `Car/~update`; create, favourite (one per user), archive (the server
 * clears its favourite), unarchive and delete
 * through their own calls. Each of those changes other rows too, so the table is loaded again after it.
 */
export function CarsSection({ profile }: { profile: Row }) {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  // Every read of cars (this table, the reservation form's car list) starts with the type, so one prefix
  // brings them all up to date.
  const reload = () => void queryClient.invalidateQueries({ queryKey: ofType('Car') });

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      toast.success(t('dataTable.saved'));
      reload();
    } catch {
      // The error pipeline has told the user.
    }
  };

  const actions: TransferAction[] = [
    {
      key: 'favorite',
      label: t('profileSettings.cars.favorite'),
      icon: <StarBorderIcon />,
      // Disabled rather than hidden, so that every row has its actions in the same places.
      disabled: (row) => row.isFavorite === true || row.isArchived === true,
      onClick: (row) => void run(() => operation('Car', 'favoriteCar', undefined, row)),
    },
    // Archive and unarchive take turns in one place: each row shows exactly one of them.
    {
      key: 'archive',
      label: t('profileSettings.cars.archive'),
      icon: <ArchiveOutlinedIcon />,
      hidden: (row) => row.isArchived === true,
      onClick: (row) => void run(() => update('Car', { ...row, isArchived: true }, ['isArchived'])),
    },
    {
      key: 'unarchive',
      label: t('profileSettings.cars.unarchive'),
      icon: <UnarchiveOutlinedIcon />,
      hidden: (row) => row.isArchived !== true,
      onClick: (row) => void run(() => update('Car', { ...row, isArchived: false }, ['isArchived'])),
    },
    {
      key: 'deleteCar',
      label: t('dataTable.delete'),
      icon: <DeleteOutlinedIcon />,
      onClick: (row) =>
        void (async () => {
          if (await dialogs.confirm({ message: t('dataTable.confirmDelete') })) {
            await run(() => operation('Car', 'deleteCar', undefined, row));
          }
        })(),
    },
  ];

  return (
    <ViewSection title={t('profileSettings.cars.section')}>
      <Box>
        <RelationTable
          of="ProfileSettings"
          relation="cars"
          owner={profile}
          title={t('profileSettings.cars.title')}
          columns={[
            { field: 'licensePlate', minWidth: 130 },
            { field: 'manufacturer' },
            { field: 'model' },
            { field: 'isElectric' },
            { field: 'isFavorite', editable: false },
            { field: 'isArchived', editable: false },
          ]}
          deletable={false}
          transferActions={actions}
          defaultSort={{ attribute: 'licensePlate', descending: false }}
        />
        <Button sx={{ mt: 1 }} variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('profileSettings.cars.add')}
        </Button>
        <AddCarDialog
          open={adding}
          profile={profile}
          onClose={(created) => {
            setAdding(false);
            if (created) {
              reload();
            }
          }}
        />
      </Box>
    </ViewSection>
  );
}
