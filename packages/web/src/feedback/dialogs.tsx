import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { readBusinessFault } from '../errors/businessFault.ts';

export type MessageOptions = { title?: string; message: string };

export type Dialogs = {
  confirm(options: MessageOptions): Promise<boolean>;
  inform(options: MessageOptions): Promise<void>;
  businessFault(body: unknown): Promise<void>;
};

type ConfirmDialogProps = MessageOptions & { open: boolean; onAnswer(answer: boolean): void };

/** Asks a Yes/No question (SPEC §2.4). Escape or a click outside answers No. */
export function ConfirmDialog({ open, title, message, onAnswer }: ConfirmDialogProps) {
  const { t } = useTranslation('system');
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => onAnswer(false)}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <DialogTitle id={titleId}>{title ?? t('dialog.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>{t('action.no')}</Button>
        <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
          {t('action.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type InformationDialogProps = MessageOptions & { open: boolean; onClose(): void };

/** Tells the user something, with one Ok button (SPEC §2.4). */
export function InformationDialog({ open, title, message, onClose }: InformationDialogProps) {
  const { t } = useTranslation('system');
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{title ?? t('dialog.informationTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type BusinessFaultDialogProps = { open: boolean; body: unknown; onClose(): void };

/** Shows a 422 business fault (SPEC §8): 'Error', a general sentence, the fault's message and its fields. */
export function BusinessFaultDialog({ open, body, onClose }: BusinessFaultDialogProps) {
  const { t } = useTranslation('system');
  const titleId = useId();
  const fault = readBusinessFault(body);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('dialog.errorTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('error.businessFault')}</DialogContentText>
        {fault.code && (
          <Typography sx={{ mt: 2 }} color="error">
            {t(`businessError.${fault.code}`)}
          </Typography>
        )}
        <List dense>
          {fault.items.map((item) => (
            <ListItem key={item.field} disableGutters>
              <ListItemText primary={`${item.field}: ${item.value}`} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

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

type Pending =
  | { kind: 'confirm'; options: MessageOptions; resolve(answer: boolean): void }
  | { kind: 'inform'; options: MessageOptions; resolve(): void }
  | { kind: 'businessFault'; body: unknown; resolve(): void };

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
      {current && renderPending(current, finish)}
    </DialogsContext>
  );
}

function renderPending(pending: Pending, finish: () => void): ReactNode {
  switch (pending.kind) {
    case 'confirm':
      return (
        <ConfirmDialog
          open
          {...pending.options}
          onAnswer={(answer) => {
            finish();
            pending.resolve(answer);
          }}
        />
      );
    case 'inform':
      return (
        <InformationDialog
          open
          {...pending.options}
          onClose={() => {
            finish();
            pending.resolve();
          }}
        />
      );
    case 'businessFault':
      return (
        <BusinessFaultDialog
          open
          body={pending.body}
          onClose={() => {
            finish();
            pending.resolve();
          }}
        />
      );
  }
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) {
    throw new Error('useDialogs must be used inside DialogsProvider');
  }
  return dialogs;
}
