import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { get, type Row } from '../../api/model.ts';
import { usePhoneWidth } from '../../components/data-table/phoneWidth.ts';
import { VISUALLY_HIDDEN } from '../../components/layout/visuallyHidden.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { attributeOfColumn, type ComparedField, comparedFields, WHOLE_ENTRY } from './auditImages.ts';

type Entry = Row & Partial<AuditEntry>;

/** A value as the detail shows it: an empty one says so, a changed one is marked for the eye and the ear. */
function Value({ text, changed }: { text: string | undefined; changed: boolean }) {
  const { t } = useTranslation('application');
  if (text === undefined) {
    return <Typography color="text.secondary">—</Typography>;
  }
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        whiteSpace: 'pre-wrap',
        fontFamily: 'monospace',
        ...(changed ? { bgcolor: 'action.selected', borderRadius: 0.5, px: 0.5 } : {}),
      }}
    >
      {text === '' ? <em>{t('auditLog.empty')}</em> : text}
      {changed && <span style={VISUALLY_HIDDEN}> ({t('auditLog.changed')})</span>}
    </Box>
  );
}

/**
 * The fields before and after, side by side in a table with a column each; on a phone each field is a block of
 * its own with the two values under each other, so nothing scrolls sideways.
 */
function Changes({ fields }: { fields: readonly ComparedField[] }) {
  const { t } = useTranslation('application');
  const phone = usePhoneWidth();
  const title = (field: string) => t(`attribute.${attributeOfColumn(field)}`, { defaultValue: field });
  if (fields.length === 0) {
    return <Typography>{t('auditLog.noChanges')}</Typography>;
  }
  if (phone) {
    return (
      <Box component="dl" sx={{ m: 0 }}>
        {fields.map((row) => (
          <Box key={row.field} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography component="dt" variant="subtitle2">
              {title(row.field)}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Typography variant="caption">{t('attribute.before')}</Typography>
              <Value text={row.before} changed={row.changed} />
              <Typography variant="caption">{t('attribute.after')}</Typography>
              <Value text={row.after} changed={row.changed} />
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  const cell = { p: 1, borderBottom: 1, borderColor: 'divider', verticalAlign: 'top', textAlign: 'left' };
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <caption style={VISUALLY_HIDDEN}>{t('auditLog.changes')}</caption>
      <thead>
        <tr>
          <Box component="th" scope="col" sx={{ ...cell, width: '25%' }}>
            {t('auditLog.field')}
          </Box>
          <Box component="th" scope="col" sx={cell}>
            {t('attribute.before')}
          </Box>
          <Box component="th" scope="col" sx={cell}>
            {t('attribute.after')}
          </Box>
        </tr>
      </thead>
      <tbody>
        {fields.map((row) => (
          <tr key={row.field}>
            <Box component="th" scope="row" sx={{ ...cell, fontWeight: 'normal', overflowWrap: 'anywhere' }}>
              {title(row.field)}
            </Box>
            <Box component="td" sx={cell}>
              <Value text={row.before} changed={row.changed} />
            </Box>
            <Box component="td" sx={cell}>
              <Value text={row.after} changed={row.changed} />
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** Who, when, what and from where, as a list of terms. */
function Summary({ entry }: { entry: Entry }) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const at = typeof entry.at === 'string' ? new Date(entry.at) : null;
  const actor = [entry.actorName, entry.actorEmail].filter(
    (part) => part !== undefined && part !== null && part !== '',
  );
  const terms: [string, string][] = [
    [t('attribute.at'), format.dateTime(at)],
    [t('auditLog.actor'), actor.join(' · ')],
    [t('attribute.action'), t(`enumeration.AuditAction.${String(entry.action)}`)],
    [t('attribute.reason'), String(entry.reason ?? '')],
    [t('attribute.address'), String(entry.address ?? '')],
    [t('attribute.userAgent'), String(entry.userAgent ?? '')],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, m: 0 }}
    >
      {terms
        .filter(([, value]) => value !== '')
        .map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="subtitle2">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** One entry of the log, read in full (the list leaves the images out): its summary and its fields' change. */
export function AuditEntryDialog({ entry, onClose }: { entry: Row; onClose(): void }) {
  const { t } = useTranslation('application');
  const phone = usePhoneWidth();
  const titleId = useId();
  const signedIdentifier = entry.__signedIdentifier ?? '';
  const read = useQuery({
    queryKey: ['AuditEntry', signedIdentifier],
    queryFn: () => get<Entry>('AuditEntry', signedIdentifier, { _mask: WHOLE_ENTRY }),
  });
  const shown: Entry = read.data ?? entry;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {t('auditLog.detail', {
          entity: t(`enumeration.AuditEntityType.${String(shown.entityType)}`),
          id: shown.entityId,
        })}
      </DialogTitle>
      <DialogContent>
        <Summary entry={shown} />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
          {t('auditLog.changes')}
        </Typography>
        {read.isError ? (
          <Alert severity="error">{t('auditLog.loadFailed')}</Alert>
        ) : read.data === undefined ? (
          <Typography>{t('auditLog.loading')}</Typography>
        ) : (
          <Changes fields={comparedFields(read.data.before, read.data.after)} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('auditLog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
