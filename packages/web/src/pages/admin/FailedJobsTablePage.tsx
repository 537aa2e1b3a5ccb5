import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operation, type Row } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import type { TransferAction } from '../../components/data-table/DataTable.tsx';
import { toast } from '../../feedback/toast.ts';
import { PersonOutlinedIcon, ReplayIcon } from '../../icons/icons.tsx';
import { useNavigationActions } from '../../navigation/NavigationProvider.tsx';
import { screenPath } from '../../screens/screens.ts';
import { AdminTablePage } from './AdminTablePage.tsx';

/** The signed identifier of the person a job is about, when it is about one. */
const concernedUserOf = (row: Row): string | undefined => {
  const user = row.user as Row | null | undefined;
  return user?.__signedIdentifier;
};

/**
 * Services/Actor/FailedJobs/AccessTablePage: the durable jobs retrying after a failure or dead, newest first,
 * with what they concern. Retry runs one again now; a refusal (not failing any more, running right now) comes
 * through the error pipeline in the caller's language.
 */
export default function FailedJobsTablePage() {
  const { t } = useTranslation('application');
  const { navigate } = useNavigationActions();
  const queryClient = useQueryClient();

  const retry = async (row: Row) => {
    try {
      await operation('Job', 'retry', undefined, row);
      toast.success(t('adminViews.failedJobs.retried'));
    } catch {
      // The error pipeline has told the user why not.
    }
    // Either way the row's state has moved on: show it as it is now.
    await queryClient.invalidateQueries({ queryKey: ofType('Job') });
  };

  const actions: TransferAction[] = [
    {
      key: 'retry',
      label: t('adminViews.failedJobs.retry'),
      icon: <ReplayIcon />,
      onClick: (row) => void retry(row),
    },
    {
      key: 'openUser',
      label: t('adminViews.failedJobs.openUser'),
      icon: <PersonOutlinedIcon />,
      // Disabled rather than hidden, so that every row has its actions in the same places.
      disabled: (row) => concernedUserOf(row) === undefined,
      onClick: (row) => navigate(screenPath('user', { signedIdentifier: concernedUserOf(row) ?? '' })),
    },
  ];

  return (
    <AdminTablePage
      accessPoint="failedJobs"
      columns={[
        { field: 'kind', minWidth: 170 },
        { field: 'attempts' },
        { field: 'dead' },
        { field: 'lastError', flex: 3, minWidth: 220 },
        { field: 'nextRunAt', minWidth: 170 },
        { field: 'concerns', flex: 2, minWidth: 200 },
        { field: 'user', relationLabel: 'name', minWidth: 150 },
      ]}
      readOnly
      transferActions={actions}
      defaultSort={{ attribute: 'createdAt', descending: true }}
    />
  );
}
