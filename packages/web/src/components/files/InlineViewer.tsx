import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast.ts';
import { DownloadIcon } from '../../icons/icons.tsx';
import { type DownloadedFile, downloadInline, saveFile } from './fileTransfer.ts';

const VIEW_HEIGHT = '60vh';

/**
 * What the viewer embeds. The file is a blob URL, and a blob URL's document has the app's own origin: an SVG
 * or any markup in a plain frame could run script as the app. An image is therefore an <img> (which never runs
 * an SVG's script or loads what it references), and anything else a frame sandboxed into a unique origin
 * without script. A PDF is the exception: browsers refuse to show one in a sandboxed frame, and the blob's
 * PDF type (the server checked its signature and sends it with nosniff) makes the browser's PDF viewer, not
 * an HTML document of ours, draw it.
 */
export function InlineFile({ file, title }: { file: DownloadedFile; title: string }) {
  const type = file.type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) {
    return (
      <Box
        component="img"
        src={file.url}
        alt={title}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: VIEW_HEIGHT, mx: 'auto' }}
      />
    );
  }
  return (
    <iframe
      title={title}
      src={file.url}
      {...(type === 'application/pdf' ? {} : { sandbox: '' })}
      style={{ width: '100%', height: VIEW_HEIGHT, border: 0 }}
    />
  );
}

/** The inline viewer of SPEC §7 Files: a large dialog showing the file 60 % of the page high, and its download. */
export function InlineViewer({ file, onClose }: { file: DownloadedFile | null; onClose(): void }) {
  const { t } = useTranslation('application');
  const title = file === null || file.name === '' ? t('adminViews.file.viewer') : file.name;
  return (
    <Dialog open={file !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{file !== null && <InlineFile file={file} title={title} />}</DialogContent>
      <DialogActions>
        {file !== null && (
          <Button startIcon={<DownloadIcon />} onClick={() => saveFile(file, title)}>
            {t('adminViews.file.download')}
          </Button>
        )}
        <Button onClick={onClose}>{t('adminViews.file.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Opens a stored file by its token in the inline viewer; a download that does not answer 200 is an error
 * toast. The object URL lives as long as the dialog shows it.
 */
export function useInlineViewer(): { view(token: string): Promise<void>; viewer: ReactElement } {
  const { t } = useTranslation('application');
  const [viewing, setViewing] = useState<DownloadedFile | null>(null);

  useEffect(
    () => () => {
      if (viewing !== null) {
        URL.revokeObjectURL(viewing.url);
      }
    },
    [viewing],
  );

  const view = useCallback(
    async (token: string) => {
      try {
        setViewing(await downloadInline(token));
      } catch {
        toast.error(t('adminViews.file.downloadFailed'));
      }
    },
    [t],
  );

  return { view, viewer: <InlineViewer file={viewing} onClose={() => setViewing(null)} /> };
}
