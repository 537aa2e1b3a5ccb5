import { RESERVATION_TYPE_FLAGS } from '@parkhere/contract';
import { AdminTablePage, userTableOf } from './AdminTablePage.tsx';

/** Services/Actor/Users/AccessTablePage: every user with their reservation rights; a row opens the user. */
export default function UsersTablePage() {
  return (
    <AdminTablePage
      accessPoint="users"
      {...userTableOf(['isActive', 'isAdministrator', ...RESERVATION_TYPE_FLAGS, 'noShowCount'])}
      // Rights are edited in the user's view, where quick and normal reservations stay exclusive (SPEC §4).
      editable={false}
      viewScreen="user"
    />
  );
}
