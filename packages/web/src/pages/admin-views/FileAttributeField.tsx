import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TransferName } from '@parkhere/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast.ts';
import { type DownloadedFile, downloadInline, uploadFile } from './fileTransfer.ts';
import type { EntityEditor } from './useEntityEditor.ts';

/** The inline viewer of SPEC §7 Files: a large dialog with an embedded frame 60 % of the page high. */
function InlineViewer({ file, onClose }: { file: DownloadedFile | null; onClose(): void }) {
  const { t } = useTranslation('application');
  return (
    <Dialog open={file !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{file?.name === '' ? t('adminViews.file.viewer') : file?.name}</DialogTitle>
      <DialogContent>
        {file !== null && (
          <iframe
            title={file.name === '' ? t('adminViews.file.viewer') : file.name}
            src={file.url}
            style={{ width: '100%', height: '60vh', border: 0 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adminViews.file.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A file attribute of the edited entity: upload puts the new file's token into the attribute (saved with
 * the form), View opens the stored file inline.
 */
export function FileAttributeField({
  editor,
  type,
  field,
  accept = 'image/*',
}: {
  editor: EntityEditor;
  type: TransferName;
  field: string;
  accept?: string;
}) {
  const { t } = useTranslation('application');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<DownloadedFile | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const token = editor.edited[field];
  const hasFile = typeof token === 'string' && token !== '';
  const error = editor.errorOf(field);

  useEffect(
    () => () => {
      if (viewing !== null) {
        URL.revokeObjectURL(viewing.url);
      }
    },
    [viewing],
  );

  const upload = async (file: File) => {
    if (editor.loaded === null) {
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadFile(type, field, editor.loaded, file);
      if (stored === undefined) {
        toast.error(t('adminViews.file.uploadFailed'));
        return;
      }
      editor.set(field, stored.token);
      setUploadedName(stored.name);
    } catch {
      // The error pipeline has told the user.
    } finally {
      setBusy(false);
    }
  };

  const view = async () => {
    if (!hasFile) {
      return;
    }
    try {
      setViewing(await downloadInline(token));
    } catch {
      toast.error(t('adminViews.file.downloadFailed'));
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ minWidth: 160 }}>
        {t(`attribute.${field}`, { defaultValue: field })}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={t('adminViews.file.choose')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) {
            void upload(file);
          }
        }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadFileIcon />}
        disabled={busy || editor.loaded === null}
        onClick={() => input.current?.click()}
      >
        {t('adminViews.file.upload')}
      </Button>
      <Button
        size="small"
        startIcon={<VisibilityOutlinedIcon />}
        disabled={!hasFile}
        onClick={() => void view()}
      >
        {t('adminViews.file.view')}
      </Button>
      <Typography variant="body2" color={error === undefined ? 'text.secondary' : 'error'}>
        {error ??
          (uploadedName === null
            ? hasFile
              ? t('adminViews.file.stored')
              : t('adminViews.file.none')
            : t('adminViews.file.pending', { name: uploadedName }))}
      </Typography>
      <InlineViewer file={viewing} onClose={() => setViewing(null)} />
    </Box>
  );
}
