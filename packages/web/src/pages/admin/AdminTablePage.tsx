import type { AccessPointName, TransferName } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { LazyDataTable } from '../../components/data-table/LazyDataTable.tsx';
import type { DataTableProps } from '../../components/data-table/useDataTable.ts';
import { useNavigation, usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { screenPath } from '../../screens/screens.ts';
import { useRelatedRowActions } from '../relations/relatedRowActions.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

type AdminTablePageProps<N extends TransferName> = Omit<
  DataTableProps<N>,
  'tableId' | 'source' | 'title' | 'countRecords' | 'onView'
> & {
  /** The access point the rows are listed from. */
  accessPoint: AccessPointName;
  /** The view screen a row opens, by its signed identifier; without it the rows have no view action. */
  viewScreen?: 'parkingGarage' | 'user' | 'userForInput';
};

/**
 * An administrator's access table page: the route's title and the access point's rows with a total; the table
 * keeps its settings as `Actor.<access point>`.
 */
export function AdminTablePage<N extends TransferName>({
  accessPoint,
  viewScreen,
  ...table
}: AdminTablePageProps<N>) {
  const { t } = useTranslation('application');
  const { navigate } = useNavigation();
  const title = t(usePageTitleKey());
  usePageTitle(title);
  const related = useRelatedRowActions(table.type);
  const onView =
    viewScreen === undefined
      ? {}
      : {
          onView: (row: Row) =>
            navigate(screenPath(viewScreen, { signedIdentifier: row.__signedIdentifier ?? '' })),
        };
  return (
    <LazyDataTable
      {...table}
      tableId={`Actor.${accessPoint}`}
      source={{ kind: 'accessPoint', accessPoint }}
      title={title}
      countRecords
      transferActions={[...(table.transferActions ?? []), ...related]}
      {...onView}
    />
  );
}
