import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RESERVATION_TYPE_FLAGS } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getRelation } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ReadOnlyFlags } from '../../components/forms/ReadOnlyFlags.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { FieldGrid, RecordViewPage, ViewSection } from '../ViewPage.tsx';
import { getLinkedRecord, isNotFound } from './linkedRecord.ts';
import { UserCarsTable } from './UserCarsTable.tsx';
import { useSignedIdentifier } from './useSignedIdentifier.ts';

const FLAGS = ['isAdministrator', ...RESERVATION_TYPE_FLAGS] as const;
const SLOT_QUERY = { _mask: '{aggregaredName}' };
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Services/Actor/UsersForInput/AccessViewPage/:signedIdentifier: a user as the forms see them, read-only. */
export default function UserForInputViewPage() {
  const { t } = useTranslation('application');
  const signedIdentifier = useSignedIdentifier();
  const userForInput = useQuery({
    queryKey: queryKeys.get('UserForInput', signedIdentifier),
    queryFn: () => getLinkedRecord('UserForInput', signedIdentifier),
    throwOnError: isNotFound,
  }).data;
  const slot =
    useQuery({
      queryKey: queryKeys.relation('UserForInput', 'preferredParkingSlot', signedIdentifier, SLOT_QUERY),
      queryFn: () => getRelation('UserForInput', 'preferredParkingSlot', signedIdentifier, SLOT_QUERY),
      // Asked once the user is read: a stale link shows the not-found page, not a second error.
      enabled: userForInput !== undefined,
    }).data ?? null;

  const readOnly = (field: string, value: string) => (
    <TextField label={t(`attribute.${field}`)} value={value} slotProps={{ input: { readOnly: true } }} />
  );

  return (
    <RecordViewPage record={userForInput}>
      {(user) => (
        <>
          <ViewSection title={t('adminViews.user.details')}>
            <Stack spacing={2}>
              <FieldGrid columns={2}>
                {readOnly('name', text(user.name))}
                {readOnly('email', text(user.email))}
                {readOnly('startOfWorkingTime', text(user.startOfWorkingTime).slice(0, 5))}
                {readOnly('endOfWorkingTime', text(user.endOfWorkingTime).slice(0, 5))}
              </FieldGrid>
              <ReadOnlyFlags record={user} flags={FLAGS} />
              <TextField
                label={t('adminViews.user.preferredSlot')}
                value={slot === null ? t('adminViews.user.preferredSlotNone') : text(slot.aggregaredName)}
                slotProps={{ input: { readOnly: true } }}
              />
            </Stack>
          </ViewSection>
          <ViewSection title={t('adminViews.user.cars')}>
            <UserCarsTable type="UserForInput" owner={signedIdentifier} />
          </ViewSection>
          <RelatedPages type="UserForInput" owner={user} />
        </>
      )}
    </RecordViewPage>
  );
}
