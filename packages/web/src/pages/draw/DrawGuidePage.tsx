import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DrawGarageRow, drawGaragesQuery } from '../../api/drawQueries.ts';
import { shortTime } from '../../components/forms/wireValues.ts';
import { PageTitle } from '../../components/layout/PageTitle.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

/** One part of the explanation: a titled section of plain paragraphs. */
function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`draw-guide-${id}`} sx={{ p: 2 }}>
      <Typography id={`draw-guide-${id}`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={1}>{children}</Stack>
    </Paper>
  );
}

const Paragraph = ({ children }: { children: ReactNode }) => (
  <Typography variant="body1">{children}</Typography>
);

/** The user's garages that draw, each with its cut-off and fairness window, read from its settings. */
function DrawGarages({ garages }: { garages: readonly DrawGarageRow[] | undefined }) {
  const { t } = useTranslation('application');
  if (garages === undefined) {
    return <Skeleton variant="text" width="60%" />;
  }
  const drawing = garages.filter((garage) => garage.drawEnabled === true);
  if (drawing.length === 0) {
    return <Paragraph>{t('drawGuide.garages.none')}</Paragraph>;
  }
  return (
    <List disablePadding aria-labelledby="draw-guide-garages">
      {drawing.map((garage) => (
        <ListItem key={garage.__signedIdentifier ?? garage.name} disableGutters data-testid="draw-garage">
          <ListItemText
            primary={garage.name}
            secondary={`${t('drawGuide.garages.cutoff', {
              count: garage.drawCutoffWorkingDaysBefore ?? 0,
              time: shortTime(garage.drawCutoffTime),
            })} ${t('drawGuide.garages.fairness', { count: garage.drawFairnessWeeks ?? 0 })}`}
            slotProps={{ secondary: { color: 'text.primary' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * How the draw works, in plain words ([Fair share 2] transparency): what a day in the draw is, the cut-off of
 * the user's garages (read from their settings), how chances are weighed, priorities, what winners and losers
 * get, and how a slot is given back.
 */
export default function DrawGuidePage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  const garages = useQuery(drawGaragesQuery());
  const paragraphs = (key: string) =>
    (t(key, { returnObjects: true }) as string[]).map((text) => <Paragraph key={text}>{text}</Paragraph>);
  return (
    <Stack spacing={2} sx={{ maxWidth: 820 }}>
      <PageTitle>{title}</PageTitle>
      <Paragraph>{t('drawGuide.intro')}</Paragraph>
      <GuideSection id="garages" title={t('drawGuide.garages.title')}>
        <DrawGarages garages={garages.data} />
      </GuideSection>
      {(['inDraw', 'cutoff', 'chances', 'priorities', 'after', 'giveBack'] as const).map((part) => (
        <GuideSection key={part} id={part} title={t(`drawGuide.${part}.title`)}>
          {paragraphs(`drawGuide.${part}.text`)}
        </GuideSection>
      ))}
    </Stack>
  );
}
