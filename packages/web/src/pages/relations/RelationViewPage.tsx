import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { get, getRelation, type Row } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { maskOfFields, recordNameOf, viewAddressOf } from '../../components/relations/relationScreen.ts';
import { useViewPageTitle, ViewPage, ViewSection } from '../ViewPage.tsx';
import { RecordFields } from './RecordFields.tsx';
import { useRowOperations } from './rowOperations.tsx';
import { useRelationScreen } from './useRelationScreen.ts';

/**
 * Services/{Owner}/{Relation}/RelationViewPage/:signedIdentifier (SPEC §2.2): one record of the relation, read
 * through its owner (a to-one relation of a stored owner) or by itself (an element of a list, an input form's
 * choice), with its actions and the pages of its own relations. Whoever may not read it gets 404 from the
 * server, shown as "not found".
 */
export default function RelationViewPage() {
  const { t } = useTranslation('application');
  const { model, signedIdentifier } = useRelationScreen();
  const mask = maskOfFields(model.target);
  const byOwner = viewAddressOf(model) === 'owner';
  const read = useQuery({
    queryKey: byOwner
      ? queryKeys.relation(model.owner, model.relation, signedIdentifier, { _mask: mask })
      : queryKeys.get(model.target, signedIdentifier, { _mask: mask }),
    queryFn: (): Promise<Row | null> =>
      byOwner
        ? getRelation(model.owner, model.relation, signedIdentifier, { _mask: mask })
        : get(model.target, signedIdentifier, { _mask: mask }),
    retry: false,
  });
  const record = read.data;
  const title = useViewPageTitle(recordNameOf(record));
  const actions = useRowOperations(model.target).filter(
    (action) => record && action.hidden?.(record) !== true,
  );
  const notFound = read.error instanceof ApiError && read.error.status === 404;

  return (
    <ViewPage title={title}>
      {read.isError && (
        <Alert severity={notFound ? 'warning' : 'error'}>
          {t(notFound ? 'relationPages.notFound' : 'dataTable.loadFailed')}
        </Alert>
      )}
      {record === null && <Typography color="text.secondary">{t('relationPages.none')}</Typography>}
      {record !== null && record !== undefined && (
        <>
          <ViewSection title={t('relationPages.details')}>
            <RecordFields type={model.target} record={record} />
            {actions.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
                {actions.map((action) => (
                  <Button
                    key={action.key}
                    variant="outlined"
                    startIcon={action.icon}
                    onClick={() => action.onClick(record)}
                  >
                    {action.label}
                  </Button>
                ))}
              </Stack>
            )}
          </ViewSection>
          <RelatedPages type={model.target} owner={record} />
        </>
      )}
    </ViewPage>
  );
}
