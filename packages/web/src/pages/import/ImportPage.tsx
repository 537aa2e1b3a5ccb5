import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { IMPORT_KINDS, type ImportKind } from '@parkhere/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ofType } from '../../api/queryKeys.ts';
import { FileDropZone } from '../../components/files/FileDropZone.tsx';
import { VISUALLY_HIDDEN } from '../../components/layout/visuallyHidden.ts';
import { useViewPageTitle, ViewPage, ViewSection } from '../ViewPage.tsx';
import { ImportHelp } from './ImportHelp.tsx';
import { ImportResult } from './ImportResult.tsx';
import { IMPORT_MAX_MEGABYTES, IMPORT_TYPES, sendImport } from './importFile.ts';
import { type ImportVerdict, verdictOf } from './importSteps.ts';

/**
 * Settings › Import (issue 30, item 1; administrators): users or parking slots set up from a CSV file. The file
 * is checked first (a dry run: every row's action and problems, nothing written), then applied whole, or not
 * at all when a row is refused, also when the data changed since the check (the server's 422).
 */
export default function ImportPage() {
  const { t } = useTranslation('application');
  const title = useViewPageTitle();
  const queryClient = useQueryClient();
  const kindLabel = useId();
  const [kind, setKind] = useState<ImportKind>('users');
  const [file, setFile] = useState<File | null>(null);
  const [verdict, setVerdict] = useState<ImportVerdict | null>(null);
  // Counts the verdicts, so each one is a new result that takes the focus.
  const [verdicts, setVerdicts] = useState(0);
  const [sending, setSending] = useState<'checking' | 'applying' | null>(null);

  const send = async (chosen: File, dryRun: boolean) => {
    setSending(dryRun ? 'checking' : 'applying');
    try {
      const next = verdictOf(chosen.name, await sendImport(kind, chosen, dryRun));
      if (next.step === 'applied') {
        await queryClient.invalidateQueries({ queryKey: ofType(IMPORT_TYPES[kind]) });
      }
      setVerdict(next);
      setVerdicts((count) => count + 1);
    } catch {
      // The error pipeline has shown it; the last verdict stays.
    } finally {
      setSending(null);
    }
  };
  const check = (chosen: File) => {
    setFile(chosen);
    void send(chosen, true);
  };
  // What is under way, for screen readers; a verdict is said by its alert, and its heading takes the focus.
  const progress =
    sending === null ? '' : t(`adminViews.import.progress.${sending}`, { name: file?.name ?? '' });

  return (
    <ViewPage title={title}>
      <ViewSection title={t('adminViews.import.fileSection')}>
        <Stack spacing={2}>
          <div>
            <span id={kindLabel}>{t('adminViews.import.kindLabel')}</span>
            <RadioGroup
              row
              aria-labelledby={kindLabel}
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as ImportKind);
                setVerdict(null);
              }}
            >
              {IMPORT_KINDS.map((each) => (
                <FormControlLabel
                  key={each}
                  value={each}
                  disabled={sending !== null}
                  control={<Radio />}
                  label={t(`adminViews.import.kind.${each}`)}
                />
              ))}
            </RadioGroup>
          </div>
          <ImportHelp kind={kind} />
          <FileDropZone
            accept=".csv,text/csv"
            onFile={check}
            disabled={sending !== null}
            label={t('adminViews.import.choose')}
            dropText={t('adminViews.import.drop')}
            hint={t('adminViews.import.limit', { size: IMPORT_MAX_MEGABYTES })}
          />
        </Stack>
      </ViewSection>
      <div role="status" style={VISUALLY_HIDDEN}>
        {progress}
      </div>
      {verdict !== null && (
        <ImportResult
          key={verdicts}
          kind={kind}
          verdict={verdict}
          busy={sending !== null}
          onApply={() => {
            if (file !== null) {
              void send(file, false);
            }
          }}
        />
      )}
    </ViewPage>
  );
}
