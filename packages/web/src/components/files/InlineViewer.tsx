import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast.ts';
import { type DownloadedFile, downloadInline } from './fileTransfer.ts';

/** The inline viewer of SPEC §7 Files: a large dialog with an embedded frame 60 % of the page high. */
export function InlineViewer({ file, onClose }: { file: DownloadedFile | null; onClose(): void }) {
  const { t } = useTranslation('application');
  const title = file === null || file.name === '' ? t('adminViews.file.viewer') : file.name;
  return (
    <Dialog open={file !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {file !== null && (
          <iframe title={title} src={file.url} style={{ width: '100%', height: '60vh', border: 0 }} />
        )}
      </DialogContent>
      <DialogActions>
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
