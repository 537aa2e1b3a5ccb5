import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MailPreview } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../feedback/Spinner.tsx';

/** The mail as a document of its own: a mail client's plain look, whatever the app's theme. */
export const mailDocument = (html: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:Arial,sans-serif;font-size:14px;color:#222;background:#fff;margin:12px}th,td{padding:2px 12px 2px 0;vertical-align:top}</style></head><body>${html}</body></html>`;

/**
 * The server's preview of a template in one language (its text's: the template field's language tabs pick
 * it): the subject, the mail in a sandboxed frame (no script, no same-origin
 * access, even if the sanitising missed something), what the template names that the mail lacks, and the
 * placeholders that mail has with their sample values.
 */
export function MailPreviewPanel({
  name,
  preview,
  loading,
  failed,
}: {
  name: string;
  preview: MailPreview | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('application');
  return (
    <Paper
      variant="outlined"
      aria-label={t('adminViews.previewOf', { name })}
      role="region"
      sx={{ flex: '1 1 360px', p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="overline" color="text.secondary" sx={{ flex: 1 }}>
          {t('adminViews.preview')}
        </Typography>
        {loading && <Spinner size={16} />}
      </Box>
      {failed && <Alert severity="error">{t('adminViews.previewFailed')}</Alert>}
      {preview?.error != null && (
        <Alert severity="error">{t('adminViews.templateBroken', { reason: preview.error })}</Alert>
      )}
      {preview !== undefined && preview.error === null && (
        <>
          {preview.builtIn && <Alert severity="info">{t('adminViews.templateEmpty')}</Alert>}
          {preview.unknown.length > 0 && (
            <Alert severity="warning">
              {t('adminViews.unknownPlaceholders', {
                names: preview.unknown.map((path) => `{{${path}}}`).join(', '),
              })}
            </Alert>
          )}
          <Typography variant="body2">
            <strong>{t('adminViews.mailSubject')}:</strong> {preview.subject}
          </Typography>
          <Box
            component="iframe"
            title={t('adminViews.mailOf', { name })}
            sandbox=""
            srcDoc={mailDocument(preview.html)}
            sx={{
              width: '100%',
              minHeight: 260,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
        </>
      )}
      {preview !== undefined && (
        <Box component="details">
          <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
            {t('adminViews.placeholders', { count: preview.placeholders.length })}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, columnGap: 2 }}
          >
            {preview.placeholders.map((placeholder) => (
              <Box key={placeholder.name} sx={{ display: 'contents' }}>
                <Typography
                  component="dt"
                  variant="body2"
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                >
                  {`{{${placeholder.name}}}`}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {placeholder.description}
                  {placeholder.example !== '' && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {` — ${t('adminViews.placeholderExample', { value: placeholder.example })}`}
                    </Typography>
                  )}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
