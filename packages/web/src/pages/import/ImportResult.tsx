import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { IMPORT_ACTIONS, type ImportAnswer, type ImportKind } from '@parkhere/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenLink } from '../../components/layout/ScreenLink.tsx';
import { screenPath } from '../../screens/screens.ts';
import { ImportRowsTable } from './ImportRowsTable.tsx';
import type { FileProblem } from './importFile.ts';
import { applyState, type ImportVerdict } from './importSteps.ts';

type Translate = ReturnType<typeof useTranslation<'application'>>['t'];

/** A file problem in words, its details (a column's name, a line, a limit) filled in. */
const fileProblemText = (t: Translate, problem: FileProblem): string =>
  t(`adminViews.import.fileProblem.${problem.code}`, problem.details);

/** What the verdict means, in one sentence. */
function verdictSentence(t: Translate, verdict: ImportVerdict): string {
  if (verdict.step === 'fileRefused') {
    return verdict.problems.map((problem) => fileProblemText(t, problem)).join(' ');
  }
  const { totals } = verdict.answer;
  const counts = { ...totals, count: verdict.answer.rows.length };
  if (verdict.step === 'checked') {
    const key = totals.refuse > 0 ? 'checkedWithRefusals' : 'checked';
    return t(`adminViews.import.summary.${key}`, counts);
  }
  return t(`adminViews.import.summary.${verdict.step}`, counts);
}

/** How the verdict's sentence is shown: a check with a refused row is a warning, not news. */
const severityOf = (verdict: ImportVerdict) => {
  switch (verdict.step) {
    case 'fileRefused':
    case 'refusedOnApply':
      return 'error';
    case 'checked':
      return verdict.answer.totals.refuse > 0 ? 'warning' : 'info';
    case 'applied':
      return 'success';
  }
};

/** The table an import of each kind fills, opened from its confirmation. */
const TABLE_SCREENS = { users: 'users', slots: 'parkingSlots' } as const;

/** The totals of an answer, one figure per action. */
function Totals({ answer }: { answer: ImportAnswer }) {
  const { t } = useTranslation('application');
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0 }}>
      {IMPORT_ACTIONS.map((action) => (
        <Box key={action} sx={{ display: 'flex', gap: 0.5 }}>
          <Typography component="dt" variant="body2">
            {t(`adminViews.import.total.${action}`)}:
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 'bold' }}>
            {answer.totals[action]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The server's verdict on a file, headed by its name: the heading takes the focus whenever a verdict arrives,
 * so a keyboard or screen-reader user lands on it. Then the totals, Apply (with why it cannot be pressed while
 * a row is refused), and the rows, filtered to the refused ones on request.
 */
export function ImportResult({
  kind,
  verdict,
  busy,
  onApply,
}: {
  kind: ImportKind;
  verdict: ImportVerdict;
  busy: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation('application');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const reasonId = useId();
  const [refusedOnly, setRefusedOnly] = useState(false);
  // Mounted anew for each verdict (the page keys it), so each one takes the focus once.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const apply = applyState(verdict);
  const answer = verdict.step === 'fileRefused' ? undefined : verdict.answer;
  const rows = answer?.rows.filter((row) => !refusedOnly || row.action === 'refuse') ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography
        ref={heading}
        id={headingId}
        tabIndex={-1}
        variant="h6"
        component="h2"
        gutterBottom
        sx={{ overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
      >
        {t(`adminViews.import.heading.${verdict.step}`, { name: verdict.fileName })}
      </Typography>
      <Stack spacing={2}>
        <Alert severity={severityOf(verdict)}>{verdictSentence(t, verdict)}</Alert>
        {answer !== undefined && <Totals answer={answer} />}
        {verdict.step === 'applied' && (
          <Typography variant="body2">
            <ScreenLink to={screenPath(TABLE_SCREENS[kind])}>
              {t(`adminViews.import.open.${kind}`)}
            </ScreenLink>
          </Typography>
        )}
        {apply.offered && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="contained"
              disabled={busy || apply.blockedByRefusedRows}
              onClick={onApply}
              aria-describedby={apply.blockedByRefusedRows ? reasonId : undefined}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('adminViews.import.apply')}
            </Button>
            {apply.blockedByRefusedRows && (
              <Typography variant="body2" id={reasonId}>
                {t('adminViews.import.applyBlocked')}
              </Typography>
            )}
          </Stack>
        )}
        {answer !== undefined && (
          <>
            <FormControlLabel
              control={
                <Switch checked={refusedOnly} onChange={(event) => setRefusedOnly(event.target.checked)} />
              }
              label={t('adminViews.import.refusedOnly')}
            />
            {rows.length === 0 ? (
              <Typography variant="body2">{t('adminViews.import.noRefusedRows')}</Typography>
            ) : (
              <ImportRowsTable key={String(refusedOnly)} rows={rows} />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
