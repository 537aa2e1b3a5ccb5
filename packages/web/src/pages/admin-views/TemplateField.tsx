import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import {
  LOCALES,
  type Locale,
  type MailPreviewRequest,
  type MailTemplateField,
  mailTemplateAttribute,
} from '@parkhere/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
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

const textOf = (editor: EntityEditor, attribute: string): string =>
  typeof editor.edited[attribute] === 'string' ? String(editor.edited[attribute]) : '';

/**
 * A mail template in one language: its text as a multi-line field (empty: that language's built-in body is
 * sent) and, while Preview is on, the mail it makes in that language as the server renders it on sample data.
 * Mounted anew for each language (its tab panel's), so the preview never shows one language's text in the
 * other.
 */
function LanguageTemplate({
  editor,
  field,
  locale,
  label,
  previewing,
}: {
  editor: EntityEditor;
  field: MailTemplateField;
  locale: Locale;
  label: string;
  previewing: boolean;
}) {
  const { t } = useTranslation('application');
  const attribute = mailTemplateAttribute(field, locale);
  const value = textOf(editor, attribute);
  const settled = useSettledValue(value);
  const error = editor.errorOf(attribute);
  const request: MailPreviewRequest | null = previewing ? { field, template: settled, locale } : null;
  const preview = useQuery({ ...mailPreviewQuery(request), placeholderData: keepPreviousData });
  const hint =
    value.trim() === ''
      ? t('adminViews.templateEmptyIn', { language: t(`adminViews.templateLanguage.${locale}`) })
      : t('adminViews.templateHint');
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'stretch' }}>
      <TextField
        name={attribute}
        label={label}
        multiline
        minRows={4}
        maxRows={14}
        value={value}
        onChange={(event) => editor.set(attribute, event.target.value)}
        error={error !== undefined}
        helperText={error ?? hint}
        sx={{ flex: '1 1 360px' }}
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' }, lang: locale } }}
      />
      {previewing && (
        <MailPreviewPanel
          name={label}
          preview={preview.data}
          loading={preview.isFetching}
          failed={preview.isError}
        />
      )}
    </Box>
  );
}

/**
 * A mail template, written in each language (issue 31): a tab per language holds that language's text, and
 * Preview shows the mail the chosen language's text makes, with the placeholders that mail has. A tab says
 * when its language sends the built-in text or has an error.
 */
export function TemplateField({ editor, field }: { editor: EntityEditor; field: MailTemplateField }) {
  const { t } = useTranslation('application');
  // The interface language first; recipients get either, each in their own.
  const { locale: uiLocale } = useDateFormat();
  const [previewing, setPreviewing] = useState(false);
  const [locale, setLocale] = useState<Locale>(uiLocale);
  const id = useId();
  const name = t(`attribute.${field}`, { defaultValue: field });
  const languageOf = (each: Locale) => t(`adminViews.templateLanguage.${each}`);
  const tabLabel = (each: Locale): string => {
    const attribute = mailTemplateAttribute(field, each);
    if (editor.errorOf(attribute) !== undefined) {
      return t('adminViews.templateTabError', { language: languageOf(each) });
    }
    return textOf(editor, attribute).trim() === ''
      ? t('adminViews.templateTabBuiltIn', { language: languageOf(each) })
      : languageOf(each);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Tabs
        value={locale}
        onChange={(_event, next: Locale) => setLocale(next)}
        aria-label={t('adminViews.templateLanguages', { name })}
        // The arrow keys choose a language as they reach it, as a form's tabs are expected to.
        selectionFollowsFocus
      >
        {LOCALES.map((each) => (
          <Tab
            key={each}
            value={each}
            label={tabLabel(each)}
            id={`${id}-${each}-tab`}
            aria-controls={`${id}-${each}-panel`}
            sx={{ textTransform: 'none' }}
          />
        ))}
      </Tabs>
      {LOCALES.map((each) => (
        <Box
          key={each}
          role="tabpanel"
          id={`${id}-${each}-panel`}
          aria-labelledby={`${id}-${each}-tab`}
          hidden={each !== locale}
        >
          {each === locale && (
            <LanguageTemplate
              editor={editor}
              field={field}
              locale={each}
              label={t('adminViews.templateIn', { name, language: languageOf(each) })}
              previewing={previewing}
            />
          )}
        </Box>
      ))}
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
