import { useTranslation } from 'react-i18next';
import { LazyDataTable } from '../../components/data-table/LazyDataTable.tsx';
import { useNavigation, usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { screenPath } from '../../screens/screens.ts';
import { usePageTitleKey } from '../usePageTitleKey.ts';

/** Services/Actor/ParkingGarages/AccessTablePage: the garages; a row opens the garage's view. */
export default function ParkingGaragesTablePage() {
  const { t } = useTranslation('application');
  const { navigate } = useNavigation();
  const title = t(usePageTitleKey());
  usePageTitle(title);
  return (
    <LazyDataTable
      tableId="Actor.parkingGarages"
      type="ParkingGarageSettings"
      source={{ kind: 'accessPoint', accessPoint: 'parkingGarages' }}
      title={title}
      columns={[{ field: 'name', flex: 2 }, { field: 'isActive' }]}
      createIn="parkingGarages"
      countRecords
      defaultSort={{ attribute: 'name', descending: false }}
      onView={(row) =>
        navigate(screenPath('parkingGarage', { signedIdentifier: row.__signedIdentifier ?? '' }))
      }
    />
  );
}
