import { useTranslation } from 'react-i18next';
import { LazyDataTable } from '../../components/data-table/LazyDataTable.tsx';
import { useNavigation, usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { screenPath } from '../../screens/screens.ts';
import { usePageTitleKey } from '../usePageTitleKey.ts';

/** Services/Actor/Users/AccessTablePage: every user with their reservation rights; a row opens the user. */
export default function UsersTablePage() {
  const { t } = useTranslation('application');
  const { navigate } = useNavigation();
  const title = t(usePageTitleKey());
  usePageTitle(title);
  return (
    <LazyDataTable
      tableId="Actor.users"
      type="UserSettings"
      source={{ kind: 'accessPoint', accessPoint: 'users' }}
      title={title}
      columns={[
        { field: 'name', flex: 2, minWidth: 160 },
        { field: 'email', flex: 2, minWidth: 200 },
        { field: 'isActive', minWidth: 90 },
        { field: 'isAdministrator', minWidth: 90 },
        { field: 'isNormalReservation', minWidth: 90 },
        { field: 'isQuickReservation', minWidth: 90 },
        { field: 'isGuestReservation', minWidth: 90 },
        { field: 'isLongReservation', minWidth: 90 },
      ]}
      // Rights are edited in the user's view, where quick and normal reservations stay exclusive (SPEC §4).
      editable={false}
      countRecords
      defaultSort={{ attribute: 'name', descending: false }}
      onView={(row) => navigate(screenPath('user', { signedIdentifier: row.__signedIdentifier ?? '' }))}
    />
  );
}
