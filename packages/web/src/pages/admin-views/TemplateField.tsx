import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import { isMailTemplateField, type Locale, type MailPreviewRequest } from '@parkhere/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailPreviewQuery } from '../../api/mailPreviewQueries.ts';
import { createDebouncer } from '../../components/data-table/debounce.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { MailPreviewPanel } from './MailPreviewPanel.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

/** Typing pauses this long before the preview asks the server again. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** The template text the preview shows: the edited one, once typing pauses. */
function useSettledValue(value: string): string {
  const [settled, setSettled] = useState(value);
  const debouncer = useMemo(() => createDebouncer<string>(setSettled, PREVIEW_DEBOUNCE_MS), []);
  useEffect(() => {
    debouncer.schedule(value);
  }, [debouncer, value]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}

/**
 * A mail template as a multi-line field; Preview shows the mail it makes as the server renders it on sample
 * data, in either language, with the placeholders that mail has.
 */
export function TemplateField({ editor, field }: { editor: EntityEditor; field: string }) {
  const { t } = useTranslation('application');
  // The interface language first; the administrator may switch, as recipients get either.
  const { locale: uiLocale } = useDateFormat();
  const [previewing, setPreviewing] = useState(false);
  const [locale, setLocale] = useState<Locale>(uiLocale);
  const value = typeof editor.edited[field] === 'string' ? String(editor.edited[field]) : '';
  const settled = useSettledValue(value);
  const error = editor.errorOf(field);
  const label = t(`attribute.${field}`, { defaultValue: field });
  const request: MailPreviewRequest | null =
    previewing && isMailTemplateField(field) ? { field, template: settled, locale } : null;
  const preview = useQuery({ ...mailPreviewQuery(request), placeholderData: keepPreviousData });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'stretch' }}>
        <TextField
          name={field}
          label={label}
          multiline
          minRows={4}
          maxRows={14}
          value={value}
          onChange={(event) => editor.set(field, event.target.value)}
          error={error !== undefined}
          helperText={error ?? t('adminViews.templateHint')}
          sx={{ flex: '1 1 360px' }}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
        />
        {previewing && (
          <MailPreviewPanel
            name={label}
            preview={preview.data}
            loading={preview.isFetching}
            failed={preview.isError}
            locale={locale}
            onLocale={setLocale}
          />
        )}
      </Box>
      <Box>
        <ToggleButton
          value="preview"
          size="small"
          selected={previewing}
          onChange={() => setPreviewing((current) => !current)}
        >
          {t('adminViews.preview')}
        </ToggleButton>
      </Box>
    </Box>
  );
}
