import { AdminTablePage } from './AdminTablePage.tsx';

/** Services/Actor/Users/AccessTablePage: every user with their reservation rights; a row opens the user. */
export default function UsersTablePage() {
  return (
    <AdminTablePage
      tableId="Actor.users"
      type="UserSettings"
      accessPoint="users"
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
      defaultSort={{ attribute: 'name', descending: false }}
      viewScreen="user"
    />
  );
}
