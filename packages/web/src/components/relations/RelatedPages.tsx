import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccessPointName, TransferName } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getAccessPoint, list, type Row } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ExpandMoreIcon } from '../../icons/icons.tsx';
import { relationScreenPath, type Screen } from '../../screens/screens.ts';
import { attributesOf } from '../data-table/columns.tsx';
import { ScreenLink } from '../layout/ScreenLink.tsx';
import {
  NAMING_ATTRIBUTES,
  type RelatedPage,
  type RelationScreenModel,
  recordNameOf,
  relatedPagesOf,
} from './relationScreen.ts';

/** How many elements of a list an owner's page links to one by one; more are a table's job. */
const ELEMENT_LINKS = 50;

function ElementLinks({
  screen,
  model,
  owner,
}: {
  screen: Screen;
  model: RelationScreenModel;
  owner: string;
}) {
  const { t } = useTranslation('application');
  const source = { kind: 'relation', type: model.owner, relation: model.relation, owner } as const;
  const labels = NAMING_ATTRIBUTES.filter((field) => attributesOf(model.target)[field] !== undefined);
  const query = { _mask: `{${labels.join(',')}}`, _seek: { limit: ELEMENT_LINKS } };
  const elements = useQuery({
    queryKey: queryKeys.list(model.target, source, query, false),
    queryFn: () => list(source, query),
  });
  const rows = elements.data?.items ?? [];
  return (
    <Stack spacing={0.5} aria-busy={elements.isPending}>
      <Typography variant="subtitle2">{t(screen.titleKey)}</Typography>
      {elements.isPending && <Skeleton variant="text" width="12em" />}
      {elements.isSuccess && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('relationPages.none')}
        </Typography>
      )}
      {rows.map((row) => (
        <ScreenLink
          key={row.__signedIdentifier}
          to={relationScreenPath(screen, row.__signedIdentifier ?? '')}
        >
          {recordNameOf(row) || (row.__identifier ?? '')}
        </ScreenLink>
      ))}
    </Stack>
  );
}

function PageLink({ page, owner }: { page: RelatedPage; owner: string }) {
  const { t } = useTranslation('application');
  if (page.address === 'elements') {
    return <ElementLinks screen={page.screen} model={page.model} owner={owner} />;
  }
  return <ScreenLink to={relationScreenPath(page.screen, owner)}>{t(page.screen.titleKey)}</ScreenLink>;
}

/** The links, once the owner's signed identifier is known. */
function RelatedLinks({ pages, owner }: { pages: readonly RelatedPage[]; owner: string }) {
  const { t } = useTranslation('application');
  return (
    <Stack spacing={1.5} component="nav" aria-label={t('relationPages.related')}>
      {pages.map((page) => (
        <PageLink key={page.screen.name} page={page} owner={owner} />
      ))}
    </Stack>
  );
}

/** A panel read through its access point: its signed identifier names it as the owner. */
function AccessPointLinks({
  pages,
  accessPoint,
}: {
  pages: readonly RelatedPage[];
  accessPoint: AccessPointName;
}) {
  const query = { _mask: '{}' };
  const owner = useQuery({
    queryKey: queryKeys.accessPoint(accessPoint, query),
    queryFn: () => getAccessPoint(accessPoint, query),
  }).data?.__signedIdentifier;
  return owner === undefined ? null : <RelatedLinks pages={pages} owner={owner} />;
}

type RelatedPagesProps = { type: TransferName } & (
  | { owner: Row | null | undefined }
  | { accessPoint: AccessPointName }
);

/**
 * The owner's way to its relation pages (SPEC §2.2): a collapsed "Related pages" block under the owner's view.
 * Its content mounts only when opened, so it reads nothing and adds nothing to the page until then.
 */
export function RelatedPages(props: RelatedPagesProps) {
  const { t } = useTranslation('application');
  const pages = relatedPagesOf(props.type);
  const owner = 'owner' in props ? props.owner?.__signedIdentifier : undefined;
  if (pages.length === 0 || ('owner' in props && owner === undefined)) {
    return null;
  }
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="h2" variant="subtitle1">
          {t('relationPages.related')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {'accessPoint' in props ? (
          <AccessPointLinks pages={pages} accessPoint={props.accessPoint} />
        ) : (
          <RelatedLinks pages={pages} owner={owner ?? ''} />
        )}
      </AccordionDetails>
    </Accordion>
  );
}
