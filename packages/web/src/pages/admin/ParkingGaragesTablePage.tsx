import { AdminTablePage } from './AdminTablePage.tsx';

/** Services/Actor/ParkingGarages/AccessTablePage: the garages; a row opens the garage's view. */
export default function ParkingGaragesTablePage() {
  return (
    <AdminTablePage
      accessPoint="parkingGarages"
      columns={[{ field: 'name', flex: 2 }, { field: 'isActive' }]}
      createIn="parkingGarages"
      defaultSort={{ attribute: 'name', descending: false }}
      viewScreen="parkingGarage"
    />
  );
}
