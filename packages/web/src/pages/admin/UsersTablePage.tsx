import { AdminTablePage, USER_COLUMNS } from './AdminTablePage.tsx';

/** Services/Actor/Users/AccessTablePage: every user with their reservation rights; a row opens the user. */
export default function UsersTablePage() {
  return (
    <AdminTablePage
      accessPoint="users"
      columns={[
        ...USER_COLUMNS,
        { field: 'isActive' },
        { field: 'isAdministrator' },
        { field: 'isNormalReservation' },
        { field: 'isQuickReservation' },
        { field: 'isGuestReservation' },
        { field: 'isLongReservation' },
        { field: 'noShowCount' },
      ]}
      // Rights are edited in the user's view, where quick and normal reservations stay exclusive (SPEC §4).
      editable={false}
      defaultSort={{ attribute: 'name', descending: false }}
      viewScreen="user"
    />
  );
}
