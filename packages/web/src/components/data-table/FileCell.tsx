import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast.ts';
import { DownloadIcon, UploadFileIcon } from '../../icons/icons.tsx';
import { downloadAttachment, fileNameOf } from '../files/fileTransfer.ts';
import { useFilePicker } from '../files/useFilePicker.tsx';

/** What a table accepts for a file attribute: the images and PDFs the server stores (DESIGN §5). */
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/svg+xml,application/pdf';

export type FileCellProps = {
  /** The attribute's value: the stored file's token, or nothing. */
  token: unknown;
  /** The column's header, naming what is uploaded. */
  label: string;
  /** Saved rows the actor may change, while they are not being edited inline. */
  canUpload: boolean;
  onView(token: string): void;
  onUpload(file: File): Promise<void>;
};

/**
 * A file attribute in a table (SPEC §7 Files): the stored file's name, read from its token, opens it in the
 * inline viewer, the download button saves it; the upload button sends a new file through the token flow and saves it on the row.
 */
export function FileCell({ token, label, canUpload, onView, onUpload }: FileCellProps) {
  const { t } = useTranslation('application');
  const [busy, setBusy] = useState(false);
  const { picker, open } = useFilePicker(ACCEPTED, (file) => {
    setBusy(true);
    void onUpload(file).finally(() => setBusy(false));
  });
  const stored = typeof token === 'string' && token !== '' ? token : null;
  const uploadLabel = t('dataTable.uploadFile', { field: label });
  const downloadLabel = t('dataTable.downloadFile', { field: label });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, height: '100%' }}>
      {stored !== null && (
        <Link
          component="button"
          type="button"
          variant="body2"
          title={`${t('adminViews.file.view')}: ${label}`}
          onClick={() => onView(stored)}
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left' }}
        >
          {fileNameOf(stored, t('adminViews.file.view'))}
        </Link>
      )}
      {stored !== null && (
        <Tooltip title={downloadLabel}>
          <IconButton
            size="small"
            aria-label={downloadLabel}
            onClick={() =>
              void downloadAttachment(stored).catch(() => toast.error(t('adminViews.file.downloadFailed')))
            }
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canUpload && (
        <>
          {picker}
          <Tooltip title={uploadLabel}>
            <span>
              <IconButton size="small" aria-label={uploadLabel} disabled={busy} onClick={open}>
                <UploadFileIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
    </Box>
  );
}
