import { AdminTablePage } from './AdminTablePage.tsx';

/** Services/Actor/Groups/AccessTablePage: the groups and their rules; a row opens the group's view. */
export default function GroupsTablePage() {
  return (
    <AdminTablePage
      accessPoint="groups"
      columns={[
        { field: 'name', flex: 2, minWidth: 160 },
        { field: 'maxDaysInAdvance' },
        { field: 'maxNormalReservation' },
        { field: 'maxLongReservation' },
      ]}
      createIn="groups"
      defaultSort={{ attribute: 'name', descending: false }}
      viewScreen="group"
    />
  );
}
