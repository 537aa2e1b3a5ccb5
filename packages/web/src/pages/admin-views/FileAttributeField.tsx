import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TransferName } from '@parkhere/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment, uploadFile } from '../../components/files/fileTransfer.ts';
import { useInlineViewer } from '../../components/files/InlineViewer.tsx';
import { useFilePicker } from '../../components/files/useFilePicker.tsx';
import { toast } from '../../feedback/toast.ts';
import { DownloadIcon, UploadFileIcon, VisibilityOutlinedIcon } from '../../icons/icons.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

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
  const [busy, setBusy] = useState(false);
  const inline = useInlineViewer();
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const token = editor.edited[field];
  const hasFile = typeof token === 'string' && token !== '';
  const error = editor.errorOf(field);

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

  // View and download act on the stored file, and are off while there is none.
  const storedFileAction = (icon: ReactNode, label: string, act: (stored: string) => void) => (
    <Button
      size="small"
      startIcon={icon}
      disabled={!hasFile}
      onClick={() => {
        if (hasFile) {
          act(token);
        }
      }}
    >
      {label}
    </Button>
  );

  const { picker, open } = useFilePicker(accept, (file) => {
    void upload(file);
  });

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ minWidth: 160 }}>
        {t(`attribute.${field}`, { defaultValue: field })}
      </Typography>
      {picker}
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadFileIcon />}
        disabled={busy || editor.loaded === null}
        onClick={open}
      >
        {t('adminViews.file.upload')}
      </Button>
      {storedFileAction(<VisibilityOutlinedIcon />, t('adminViews.file.view'), (stored) => {
        void inline.view(stored);
      })}
      {storedFileAction(<DownloadIcon />, t('adminViews.file.download'), (stored) => {
        void downloadAttachment(stored).catch(() => toast.error(t('adminViews.file.downloadFailed')));
      })}
      <Typography variant="body2" color={error === undefined ? 'text.secondary' : 'error'}>
        {error ??
          (uploadedName === null
            ? hasFile
              ? t('adminViews.file.stored')
              : t('adminViews.file.none')
            : t('adminViews.file.pending', { name: uploadedName }))}
      </Typography>
      {inline.viewer}
    </Box>
  );
}
