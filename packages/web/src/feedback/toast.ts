import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';

/** SPEC §9 toast constants. */
export const TOAST_SUCCESS_MS = 2500;
export const TOAST_WARNING_MS = 2500;
export const TOAST_ERROR_MS = 5000;
export const TOAST_MAX = 3;
export const TOAST_ORIGIN = { vertical: 'bottom', horizontal: 'center' } as const;

export type Toast = {
  success(message: string): SnackbarKey;
  warning(message: string): SnackbarKey;
  error(message: string): SnackbarKey;
};

/** Works outside React too (the API client uses it), as long as the SnackbarProvider is mounted. */
export const toast: Toast = {
  success: (message) => enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_SUCCESS_MS }),
  warning: (message) => enqueueSnackbar(message, { variant: 'warning', autoHideDuration: TOAST_WARNING_MS }),
  error: (message) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOAST_ERROR_MS }),
};

export function dismissToast(key: SnackbarKey): void {
  closeSnackbar(key);
}

export function useToast(): Toast {
  return toast;
}
