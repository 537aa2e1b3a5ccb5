import type { TransferName } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import type { TransferAction } from '../../components/data-table/DataTable.tsx';
import { relatedPagesOf } from '../../components/relations/relationScreen.ts';
import { OpenInNewIcon } from '../../icons/icons.tsx';
import { useNavigationActions } from '../../navigation/NavigationProvider.tsx';
import { relationScreenPath } from '../../screens/screens.ts';

/**
 * A row's way to the relation pages it owns (SPEC §2.2): a slot's garage, a user's accessed garages. Each is an
 * action of the row, opening the page for the row's signed identifier.
 */
export function useRelatedRowActions(type: TransferName): TransferAction[] {
  const { t } = useTranslation('application');
  const { navigate } = useNavigationActions();
  return relatedPagesOf(type)
    .filter((page) => page.address === 'owner')
    .map(({ screen }) => ({
      key: screen.name,
      label: t(screen.titleKey),
      icon: <OpenInNewIcon />,
      onClick: (row: Row) => navigate(relationScreenPath(screen, row.__signedIdentifier ?? '')),
    }));
}
