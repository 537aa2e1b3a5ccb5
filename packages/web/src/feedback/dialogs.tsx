import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useProvided } from '../context/useProvided.ts';
import type { MessageOptions, Pending } from './dialogRequest.ts';
import type { FilterSideDialogProps } from './FilterSideDialog.tsx';
import { whenIdle } from './idle.ts';
import { useOpenedOnce } from './openedOnce.ts';

export type { FilterSideDialogProps };

export type Dialogs = {
  confirm(options: MessageOptions): Promise<boolean>;
  inform(options: MessageOptions): Promise<void>;
  businessFault(body: unknown): Promise<void>;
};

// Tables only: MUI's Drawer (with its modal machinery) loads with the first table's filter dialog.
const LazyFilterSideDialog = lazy(() => import('./FilterSideDialog.tsx'));

/** The frame of a table's filter dialog (SPEC §2.4), loaded when it first opens and kept for its closing. */
export function FilterSideDialog(props: FilterSideDialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <LazyFilterSideDialog {...props} />
    </Suspense>
  ) : null;
}

// The dialogs themselves (MUI Dialog and its parts) are not needed for the first paint; they load while idle,
// so a dialog asked for later (the session expiry prompt, even offline) does not wait for the network.
const loadPendingDialog = () => import('./PendingDialog.tsx');
const PendingDialog = lazy(loadPendingDialog);

const DialogsContext = createContext<Dialogs | undefined>(undefined);

let host: Dialogs | undefined;

/** The mounted provider's dialogs, for code outside React (the API client's 422 handling). */
export function currentDialogs(): Dialogs | undefined {
  return host;
}

/** Shows one dialog at a time; later requests wait their turn. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const enqueue = useCallback((pending: Pending) => setQueue((current) => [...current, pending]), []);
  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (options) => new Promise((resolve) => enqueue({ kind: 'confirm', options, resolve })),
      inform: (options) => new Promise((resolve) => enqueue({ kind: 'inform', options, resolve })),
      businessFault: (body) => new Promise((resolve) => enqueue({ kind: 'businessFault', body, resolve })),
    }),
    [enqueue],
  );
  useEffect(
    () =>
      whenIdle(() => {
        void loadPendingDialog();
      }),
    [],
  );
  useEffect(() => {
    host = dialogs;
    return () => {
      host = undefined;
    };
  }, [dialogs]);

  const current = queue[0];
  const finish = () => setQueue((pending) => pending.slice(1));

  return (
    <DialogsContext value={dialogs}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <PendingDialog pending={current} finish={finish} />
        </Suspense>
      )}
    </DialogsContext>
  );
}

export function useDialogs(): Dialogs {
  return useProvided(DialogsContext, 'useDialogs must be used inside DialogsProvider');
}
