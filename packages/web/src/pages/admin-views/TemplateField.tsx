import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renderTemplatePreview } from './templatePreview.ts';
import type { EntityEditor } from './useEntityEditor.ts';

/** A mail template as a multi-line field, with a plain-text preview on sample data beside it. */
export function TemplateField({ editor, field }: { editor: EntityEditor; field: string }) {
  const { t } = useTranslation('application');
  const [previewing, setPreviewing] = useState(false);
  const value = typeof editor.edited[field] === 'string' ? String(editor.edited[field]) : '';
  const error = editor.errorOf(field);
  const label = t(`attribute.${field}`, { defaultValue: field });
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
          <Paper
            variant="outlined"
            aria-label={t('adminViews.previewOf', { name: label })}
            role="region"
            sx={{ flex: '1 1 360px', p: 2, bgcolor: 'action.hover', overflow: 'auto', maxHeight: 360 }}
          >
            <Typography variant="overline" color="text.secondary">
              {t('adminViews.preview')}
            </Typography>
            <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
              {value === '' ? t('adminViews.templateEmpty') : renderTemplatePreview(value)}
            </Typography>
          </Paper>
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
