import { useTranslation } from 'react-i18next';
import { LazyDataTable } from '../../components/data-table/LazyDataTable.tsx';
import { useNavigation, usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { screenPath } from '../../screens/screens.ts';
import { usePageTitleKey } from '../usePageTitleKey.ts';

/** Services/Actor/UsersForInput/AccessTablePage: the users reservation and holiday forms pick from. */
export default function UsersForInputTablePage() {
  const { t } = useTranslation('application');
  const { navigate } = useNavigation();
  const title = t(usePageTitleKey());
  usePageTitle(title);
  return (
    <LazyDataTable
      tableId="Actor.usersForInput"
      type="UserForInput"
      source={{ kind: 'accessPoint', accessPoint: 'usersForInput' }}
      title={title}
      columns={[
        { field: 'name', flex: 2, minWidth: 160 },
        { field: 'email', flex: 2, minWidth: 200 },
        { field: 'startOfWorkingTime', minWidth: 110 },
        { field: 'endOfWorkingTime', minWidth: 110 },
        { field: 'isAdministrator', minWidth: 90 },
      ]}
      countRecords
      defaultSort={{ attribute: 'name', descending: false }}
      onView={(row) =>
        navigate(screenPath('userForInput', { signedIdentifier: row.__signedIdentifier ?? '' }))
      }
    />
  );
}
