import { AdminTablePage, userTableOf } from './AdminTablePage.tsx';

/** Services/Actor/UsersForInput/AccessTablePage: the users reservation and holiday forms pick from. */
export default function UsersForInputTablePage() {
  return (
    <AdminTablePage
      accessPoint="usersForInput"
      {...userTableOf(['startOfWorkingTime', 'endOfWorkingTime', 'isAdministrator'])}
      viewScreen="userForInput"
    />
  );
}
