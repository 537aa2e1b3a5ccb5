import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SideSheet } from './SideSheet.tsx';

export type FilterSideDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  onApply(): void;
  onClear(): void;
  onClose(): void;
};

/** The frame of a table's filter dialog (SPEC §2.4): a drawer on the right; the table supplies the fields. */
export default function FilterSideDialog({
  open,
  title,
  children,
  onApply,
  onClear,
  onClose,
}: FilterSideDialogProps) {
  const { t } = useTranslation('system');
  const titleId = useId();
  return (
    <SideSheet open={open} onClose={onClose} titleId={titleId} width={400} role="dialog">
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ p: 4 }}>
          {title}
        </Typography>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 4 }}>{children}</Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, p: 4 }}>
          <Button onClick={onClose}>{t('action.close')}</Button>
          <Button onClick={onClear}>{t('action.clear')}</Button>
          <Button variant="contained" onClick={onApply}>
            {t('action.apply')}
          </Button>
        </Box>
      </Box>
    </SideSheet>
  );
}
