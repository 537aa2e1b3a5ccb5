import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_MAX, TOAST_ORIGIN } from './toast.ts';

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('system');
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX}
      anchorOrigin={TOAST_ORIGIN}
      action={(key) => (
        <IconButton
          size="small"
          color="inherit"
          aria-label={t('action.close')}
          onClick={() => dismissToast(key)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    >
      {children}
    </SnackbarProvider>
  );
}
