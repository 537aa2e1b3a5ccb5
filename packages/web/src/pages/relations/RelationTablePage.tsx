import { useTranslation } from 'react-i18next';
import type { ListSource, Row } from '../../api/model.ts';
import { LazyDataTable } from '../../components/data-table/LazyDataTable.tsx';
import { columnSpecsOf, elementViewOf, maskOfFields } from '../../components/relations/relationScreen.ts';
import { useNavigationActions, usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { relationScreenPath } from '../../screens/screens.ts';
import { usePageTitleKey } from '../usePageTitleKey.ts';
import { useRelatedRowActions } from './relatedRowActions.tsx';
import { useRowOperations } from './rowOperations.tsx';
import { useRelationScreen } from './useRelationScreen.ts';

/**
 * Services/{Owner}/{Relation}/RelationTablePage/:signedIdentifier (SPEC §2.2): the relation of the owner the
 * identifier names, in the generic table with the target type's actions; a row opens the relation's view page
 * where there is one. The server answers only for an owner the actor may read (404 otherwise).
 */
export default function RelationTablePage() {
  const { t } = useTranslation('application');
  const { navigate } = useNavigationActions();
  const { model, signedIdentifier } = useRelationScreen();
  const title = t(usePageTitleKey());
  usePageTitle(title);
  const actions = [...useRowOperations(model.target), ...useRelatedRowActions(model.target)];
  const view = elementViewOf(model);
  const source: ListSource = {
    kind: 'relation',
    type: model.owner,
    relation: model.relation,
    owner: signedIdentifier,
  };
  return (
    <LazyDataTable
      tableId={`${model.owner}.${model.relation}.page`}
      type={model.target}
      source={source}
      columns={columnSpecsOf(model.target)}
      mask={maskOfFields(model.target)}
      title={title}
      countRecords
      transferActions={actions}
      {...(model.definition.updates.includes('create') ? { createIn: 'relation' as const } : {})}
      {...(view === undefined
        ? {}
        : {
            onView: (row: Row) => navigate(relationScreenPath(view, row.__signedIdentifier ?? '')),
          })}
    />
  );
}
