import { AdminTablePage } from './AdminTablePage.tsx';

/** Services/Actor/ParkingSlots/AccessTablePage: all slots with their floor plans, edited inline; a
 * slot's page places it on its plan. */
export default function ParkingSlotsTablePage() {
  return (
    <AdminTablePage
      accessPoint="parkingSlots"
      columns={[
        { field: 'aggregaredName', flex: 2, minWidth: 200 },
        { field: 'name' },
        { field: 'parkingGarage', relationLabel: 'name', minWidth: 160 },
        { field: 'floor' },
        { field: 'isActive' },
        { field: 'isExclusive' },
        { field: 'nextToWall' },
        { field: 'reservedForGroup', relationLabel: 'name', minWidth: 140 },
        // [Pools] The slot's owner, who needs no booking (issue 29, part 4): picked by email, which is unique,
        // searched on the server (a workplace has thousands of users).
        { field: 'assignedTo', relationLabel: 'email', minWidth: 200, searchOnServer: true },
        { field: 'isAccessible' },
        { field: 'hasCharger' },
        { field: 'floorPlan' },
      ]}
      createIn="parkingSlots"
      // The slot's page places it on its floor plan (issue 32, item 1).
      viewScreen="parkingSlot"
      defaultSort={{ attribute: 'aggregaredName', descending: false }}
    />
  );
}
