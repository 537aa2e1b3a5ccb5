/** SPEC §9 toast constants. */
export const TOAST_SUCCESS_MS = 2500;
export const TOAST_WARNING_MS = 2500;
export const TOAST_ERROR_MS = 5000;
export const TOAST_MAX = 3;
/*
 * Top centre, over the app bar's empty middle: at the bottom they covered the forms' action rows (Reserve,
 * "Take A-201") on a phone and on a short window. This departs from SPEC §9's bottom centre on purpose.
 */
export const TOAST_ORIGIN = { vertical: 'top', horizontal: 'center' } as const;

export type ToastRequest = {
  message: string;
  variant: 'success' | 'warning' | 'error';
  autoHideDuration: number;
};

export type Toast = {
  success(message: string): void;
  warning(message: string): void;
  error(message: string): void;
};

type Sink = (request: ToastRequest) => void;

/** A success means the failure before it is past: its red toast must not stay to contradict it. */
export const supersedesErrors = (request: ToastRequest): boolean => request.variant === 'success';

// notistack sits behind a lazily loaded host (ToastHost) so it is not part of the first load; until the
// host is mounted, toasts wait here and the provider is told to mount it.
let sink: Sink | undefined;
let waiting: ToastRequest[] = [];
const hostWanted = new Set<() => void>();

function show(request: ToastRequest): void {
  if (sink) {
    sink(request);
    return;
  }
  waiting.push(request);
  for (const listener of hostWanted) {
    listener();
  }
}

/** The mounted host shows toasts from now on, starting with those that waited for it. */
export function attachToastSink(next: Sink | undefined): void {
  sink = next;
  if (next) {
    const queued = waiting;
    waiting = [];
    for (const request of queued) {
      next(request);
    }
  }
}

/** Calls `listener` when a toast waits for a host; true right away when one already does. */
export function onToastWaiting(listener: () => void): () => void {
  hostWanted.add(listener);
  if (waiting.length > 0) {
    listener();
  }
  return () => {
    hostWanted.delete(listener);
  };
}

/** Works outside React too (the API client uses it), as long as the ToastProvider is mounted. */
export const toast: Toast = {
  success: (message) => show({ message, variant: 'success', autoHideDuration: TOAST_SUCCESS_MS }),
  warning: (message) => show({ message, variant: 'warning', autoHideDuration: TOAST_WARNING_MS }),
  error: (message) => show({ message, variant: 'error', autoHideDuration: TOAST_ERROR_MS }),
};

export function useToast(): Toast {
  return toast;
}
