import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { businessFaultSentence } from '../errors/businessFault.ts';
import type { MessageOptions, Pending } from './dialogRequest.ts';

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

/**
 * Shows a 422 business fault (SPEC §8): 'Error', the general sentence and the fault's own friendly sentence in
 * the user's language. The body's `field: value` items are not listed: they are internal names and the
 * server's English text (`errorCode: TOO_MANY_RESERVATION`), which the translated sentence says for people.
 */
export function BusinessFaultDialog({ open, body, onClose }: BusinessFaultDialogProps) {
  const { t } = useTranslation('system');
  const titleId = useId();
  const sentence = businessFaultSentence(body);
  // The field by the title its form shows it under: "Audit log kept (months): …".
  const field =
    sentence?.attribute === undefined
      ? ''
      : `${t(`attribute.${sentence.attribute}`, { ns: 'application', defaultValue: sentence.attribute })}: `;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('dialog.errorTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('error.businessFault')}</DialogContentText>
        {sentence && (
          <Typography sx={{ mt: 2 }} color="error">
            {field}
            {t(sentence.key, sentence.values)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

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
