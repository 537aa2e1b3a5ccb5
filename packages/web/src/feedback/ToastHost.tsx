import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  type SnackbarKey,
  SnackbarProvider,
} from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons/icons.tsx';
import { attachToastSink, supersedesErrors, TOAST_MAX, TOAST_ORIGIN, type ToastRequest } from './toast.ts';

/**
 * notistack's own colours put white text on #43a047 (3.3:1) and #ff9800 (2.1:1); WCAG AA asks 4.5:1 of a
 * notice's text, so success and error are darker and a warning is dark text on amber.
 */
const ReadableToast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1B5E20', color: '#FFFFFF' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B71C1C', color: '#FFFFFF' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#FFB300', color: '#000000' },
});

const TOAST_COMPONENTS = { success: ReadableToast, error: ReadableToast, warning: ReadableToast };

/** notistack's provider, loaded on demand by ToastProvider; it needs no children, toasts are enqueued globally. */
export default function ToastHost() {
  const { t } = useTranslation('system');
  // The provider registers the global enqueueSnackbar while rendering, so it is there once this runs.
  useEffect(() => {
    // The notices on screen or waiting their turn, and not yet closing, by variant and text: the same failure
    // twice (a retried click) is one toast, not a stack of them. notistack's own preventDuplicate also counted a
    // toast in its exit transition, so a second "Saved." that came as the first was leaving was never shown.
    const showing = new Map<string, { key: SnackbarKey; variant: ToastRequest['variant'] }>();
    attachToastSink((request) => {
      const { message, variant, autoHideDuration } = request;
      if (supersedesErrors(request)) {
        // Forgotten here too: notistack calls no onClose for a toast closed while it still waits its turn.
        for (const [notice, shown] of showing) {
          if (shown.variant === 'error') {
            closeSnackbar(shown.key);
            showing.delete(notice);
          }
        }
      }
      const notice = `${variant}\n${message}`;
      if (showing.has(notice)) {
        return;
      }
      const key = enqueueSnackbar(message, {
        variant,
        autoHideDuration,
        onClose: () => {
          if (showing.get(notice)?.key === key) {
            showing.delete(notice);
          }
        },
      });
      showing.set(notice, { key, variant });
    });
    return () => attachToastSink(undefined);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX}
      Components={TOAST_COMPONENTS}
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
