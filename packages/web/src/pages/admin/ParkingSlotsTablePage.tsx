import { AdminTablePage } from './AdminTablePage.tsx';

/** Services/Actor/ParkingSlots/AccessTablePage: all slots with their floor plans, edited inline. */
export default function ParkingSlotsTablePage() {
  return (
    <AdminTablePage
      tableId="Actor.parkingSlots"
      type="ParkingSlotSettings"
      accessPoint="parkingSlots"
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
      defaultSort={{ attribute: 'aggregaredName', descending: false }}
    />
  );
}
