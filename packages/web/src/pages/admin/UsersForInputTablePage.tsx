import { AdminTablePage } from './AdminTablePage.tsx';

/** Services/Actor/UsersForInput/AccessTablePage: the users reservation and holiday forms pick from. */
export default function UsersForInputTablePage() {
  return (
    <AdminTablePage
      accessPoint="usersForInput"
      columns={[
        { field: 'name', flex: 2, minWidth: 160 },
        { field: 'email', flex: 2, minWidth: 200 },
        { field: 'startOfWorkingTime', minWidth: 110 },
        { field: 'endOfWorkingTime', minWidth: 110 },
        { field: 'isAdministrator' },
      ]}
      defaultSort={{ attribute: 'name', descending: false }}
      viewScreen="userForInput"
    />
  );
}
