import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../api/model.ts';
import { PageTitle } from '../components/layout/PageTitle.tsx';
import { usePageTitle } from '../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from './usePageTitleKey.ts';

/** The route's title, followed by the name of the record shown when it has one; it is also the page's title. */
export function useViewPageTitle(name = ''): string {
  const { t } = useTranslation('application');
  const pageTitle = t(usePageTitleKey());
  const title = name === '' ? pageTitle : `${pageTitle}: ${name}`;
  usePageTitle(title);
  return title;
}

/** A view page: its title as the page's heading, then its sections. */
export function ViewPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={3}>
      <PageTitle>{title}</PageTitle>
      {children}
    </Stack>
  );
}

/** The view page of one record: titled with the record's name, its sections shown once the record is read. */
export function RecordViewPage({
  record,
  children,
}: {
  record: Row | null | undefined;
  children: (record: Row) => ReactNode;
}) {
  const title = useViewPageTitle(typeof record?.name === 'string' ? record.name : '');
  return <ViewPage title={title}>{record !== null && record !== undefined && children(record)}</ViewPage>;
}

/**
 * One titled block of a view page; its title names the region for assistive technology. A page's `…Section`
 * component is one whole block, heading included, so the page lists its sections.
 */
export function ViewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A heading inside a view section, over the fields it names. */
export function SectionSubheading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3">
      {children}
    </Typography>
  );
}

/** Fields of a view section side by side, `columns` to a row on a wide screen, one under the other on a phone. */
export function FieldGrid({ columns, children }: { columns: 2 | 3; children: ReactNode }) {
  const md = Array.from({ length: columns }, () => '1fr').join(' ');
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md } }}>{children}</Box>;
}
