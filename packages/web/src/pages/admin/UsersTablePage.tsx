import { RESERVATION_TYPE_FLAGS } from '@parkhere/contract';
import { AdminTablePage, userTableOf } from './AdminTablePage.tsx';

/**
 * Services/Actor/Users/AccessTablePage: every user with their reservation rights; a row opens the user. New users
 * are added here before their first sign-in (which links them by email), with the defaults for what the row does
 * not show; their garages and the rest are set in their view.
 */
export default function UsersTablePage() {
  return (
    <AdminTablePage
      accessPoint="users"
      {...userTableOf(['isActive', 'isAdministrator', ...RESERVATION_TYPE_FLAGS, 'noShowCount'])}
      // A stored user's rights are edited in their view, where quick and normal reservations stay exclusive
      // (SPEC §4); a new row takes them as ticked.
      editable={false}
      createIn="users"
      viewScreen="user"
    />
  );
}
