import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons/icons.tsx';
import { attachToastSink, supersedesErrors, TOAST_MAX, TOAST_ORIGIN } from './toast.ts';

/** notistack's provider, loaded on demand by ToastProvider; it needs no children, toasts are enqueued globally. */
export default function ToastHost() {
  const { t } = useTranslation('system');
  // The provider registers the global enqueueSnackbar while rendering, so it is there once this runs.
  useEffect(() => {
    // The error toasts still open, so a later success can close them.
    const errors = new Set<SnackbarKey>();
    attachToastSink((request) => {
      const { message, variant, autoHideDuration } = request;
      if (supersedesErrors(request)) {
        for (const key of errors) {
          closeSnackbar(key);
        }
        errors.clear();
      }
      const key = enqueueSnackbar(message, {
        variant,
        autoHideDuration,
        onExited: () => errors.delete(key),
      });
      if (variant === 'error') {
        errors.add(key);
      }
    });
    return () => attachToastSink(undefined);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX}
      anchorOrigin={TOAST_ORIGIN}
      // The same failure twice (a retried click) is one toast, not a stack of them.
      preventDuplicate
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
