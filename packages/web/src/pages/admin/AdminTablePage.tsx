import { type AccessPointName, type AccessPoints, accessPoints } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { LazyDataTable } from '../../components/data-table/LazyDataTable.tsx';
import type { DataTableProps } from '../../components/data-table/useDataTable.ts';
import { useNavigationActions, usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { screenPath } from '../../screens/screens.ts';
import { useRelatedRowActions } from '../relations/relatedRowActions.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

type AdminTablePageProps<A extends AccessPointName> = Omit<
  DataTableProps<AccessPoints[A]['target']>,
  'tableId' | 'type' | 'source' | 'title' | 'countRecords'
> & {
  /** The access point the rows are listed from; they are of its target type. */
  accessPoint: A;
  /**
   * The view screen a row opens, by its signed identifier; without it (or `onView`, a detail of the page's own)
   * the rows have no view action.
   */
  viewScreen?: 'parkingGarage' | 'parkingSlot' | 'user' | 'userForInput' | 'group';
};

/**
 * An administrator's access table page: the route's title and the access point's rows with a total; the table
 * keeps its settings as `Actor.<access point>`.
 */
export function AdminTablePage<A extends AccessPointName>({
  accessPoint,
  viewScreen,
  ...table
}: AdminTablePageProps<A>) {
  const type: AccessPoints[A]['target'] = accessPoints[accessPoint].target;
  const { t } = useTranslation('application');
  const { navigate } = useNavigationActions();
  const title = t(usePageTitleKey());
  usePageTitle(title);
  const related = useRelatedRowActions(type);
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
      type={type}
      source={{ kind: 'accessPoint', accessPoint }}
      title={title}
      countRecords
      transferActions={[...(table.transferActions ?? []), ...related]}
      {...onView}
    />
  );
}

/** The columns both user tables start with: who the user is. */
const USER_COLUMNS = [
  { field: 'name', flex: 2, minWidth: 160 },
  { field: 'email', flex: 2 },
] as const;

/**
 * What both user tables (every user, those the forms pick from) share: who each user is first, then the
 * attributes of their own, plain, in the order of names.
 */
export const userTableOf = <const F extends string>(fields: readonly F[]) => ({
  columns: [...USER_COLUMNS, ...fields.map((field) => ({ field }))],
  defaultSort: { attribute: 'name', descending: false },
});
