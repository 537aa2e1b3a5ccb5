import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { attachToastSink, TOAST_MAX, TOAST_ORIGIN } from './toast.ts';

/** notistack's provider, loaded on demand by ToastProvider; it needs no children, toasts are enqueued globally. */
export default function ToastHost() {
  const { t } = useTranslation('system');
  // The provider registers the global enqueueSnackbar while rendering, so it is there once this runs.
  useEffect(() => {
    attachToastSink(({ message, variant, autoHideDuration }) => {
      enqueueSnackbar(message, { variant, autoHideDuration });
    });
    return () => attachToastSink(undefined);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX}
      anchorOrigin={TOAST_ORIGIN}
      action={(key) => (
        <IconButton
          size="small"
          color="inherit"
          aria-label={t('action.close')}
          onClick={() => closeSnackbar(key)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}
