import { AdminTablePage, USER_COLUMNS } from './AdminTablePage.tsx';

/** Services/Actor/UsersForInput/AccessTablePage: the users reservation and holiday forms pick from. */
export default function UsersForInputTablePage() {
  return (
    <AdminTablePage
      accessPoint="usersForInput"
      columns={[
        ...USER_COLUMNS,
        { field: 'startOfWorkingTime' },
        { field: 'endOfWorkingTime' },
        { field: 'isAdministrator' },
      ]}
      defaultSort={{ attribute: 'name', descending: false }}
      viewScreen="userForInput"
    />
  );
}
