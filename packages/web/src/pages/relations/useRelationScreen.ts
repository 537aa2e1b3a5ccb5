import {
  type RelationScreenModel,
  relationScreenOfTitleKey,
} from '../../components/relations/relationScreen.ts';
import { useSignedIdentifier } from '../admin-views/useSignedIdentifier.ts';
import { usePageTitleKey } from '../usePageTitleKey.ts';

/** The relation screen the route shows and the signed identifier in its address. */
export function useRelationScreen(): { model: RelationScreenModel; signedIdentifier: string } {
  const titleKey = usePageTitleKey();
  const model = relationScreenOfTitleKey(titleKey);
  if (model === undefined) {
    throw new Error(`${titleKey} is not a relation screen`);
  }
  return { model, signedIdentifier: useSignedIdentifier() };
}
