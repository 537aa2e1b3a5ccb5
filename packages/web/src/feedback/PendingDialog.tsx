import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { readBusinessFault } from '../errors/businessFault.ts';
import type { MessageOptions, Pending } from './dialogs.tsx';

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

/** The dialog of the first request in the DialogsProvider's queue; loaded on demand. */
export default function PendingDialog({ pending, finish }: { pending: Pending; finish(): void }) {
  return renderPending(pending, finish);
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
