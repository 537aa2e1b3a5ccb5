import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../app/idle.ts';

export type MessageOptions = { title?: string; message: string };

export type Dialogs = {
  confirm(options: MessageOptions): Promise<boolean>;
  inform(options: MessageOptions): Promise<void>;
  businessFault(body: unknown): Promise<void>;
};

type FilterSideDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  onApply(): void;
  onClear(): void;
  onClose(): void;
};

/** The frame of a table's filter dialog (SPEC §2.4): a drawer on the right; the table supplies the fields. */
export function FilterSideDialog({
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
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the header, like the shell's other temporary drawers, so the title is not hidden under it.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 400 } } },
      }}
    >
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
    </Drawer>
  );
}

export type Pending =
  | { kind: 'confirm'; options: MessageOptions; resolve(answer: boolean): void }
  | { kind: 'inform'; options: MessageOptions; resolve(): void }
  | { kind: 'businessFault'; body: unknown; resolve(): void };

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
  const dialogs = useContext(DialogsContext);
  if (!dialogs) {
    throw new Error('useDialogs must be used inside DialogsProvider');
  }
  return dialogs;
}
