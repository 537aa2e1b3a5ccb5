import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXPORT_FORMATS, type ExportFormat } from '@parkhere/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDownloadOutlinedIcon } from '../../icons/icons.tsx';

const FORMATS = Object.keys(EXPORT_FORMATS) as ExportFormat[];

/**
 * The table's Export button: a menu of the formats, each saving every row the table's filters and sort select.
 * A menu button as WAI-ARIA describes it, so the keyboard opens it and the arrows choose.
 */
export function ExportMenu({ exportAs }: { exportAs(format: ExportFormat): Promise<void> }) {
  const { t } = useTranslation('application');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const choose = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await exportAs(format);
    } catch {
      // Shown already, as every call's failure is.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor === null ? undefined : menuId}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('dataTable.export.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void choose(format)}>
            {t(`dataTable.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
