import { useTranslation } from 'react-i18next';
import { LazyDataTable } from '../../components/data-table/LazyDataTable.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

/** Services/Actor/ParkingSlots/AccessTablePage: all slots with their floor plans, edited inline. */
export default function ParkingSlotsTablePage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  return (
    <LazyDataTable
      tableId="Actor.parkingSlots"
      type="ParkingSlotSettings"
      source={{ kind: 'accessPoint', accessPoint: 'parkingSlots' }}
      title={title}
      columns={[
        { field: 'aggregaredName', flex: 2, minWidth: 200 },
        { field: 'name' },
        { field: 'parkingGarage', relationLabel: 'name', minWidth: 160 },
        { field: 'floor', minWidth: 90 },
        { field: 'isActive', minWidth: 90 },
        { field: 'isExclusive', minWidth: 90 },
        { field: 'nextToWall', minWidth: 90 },
        { field: 'floorPlan', minWidth: 180 },
      ]}
      createIn="parkingSlots"
      countRecords
      defaultSort={{ attribute: 'aggregaredName', descending: false }}
    />
  );
}
