import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORTS_SLOT_HOLDERS_PATH, type ReportSlot, type SlotHolders } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ViewSection } from '../ViewPage.tsx';

/** The instant a `datetime-local` value names in the browser's zone, ISO with its offset; '' when incomplete. */
const instantOf = (local: string): string => {
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString();
};

/** "Who held slot X at time T", for incidents: a slot of the report, an instant, and who held it then. */
export function SlotHoldersSection({ slots }: { slots: readonly ReportSlot[] }) {
  const { t, i18n } = useTranslation('application');
  const [slot, setSlot] = useState<ReportSlot | null>(null);
  const [at, setAt] = useState('');
  const [answer, setAnswer] = useState<SlotHolders | null>(null);
  const instant = instantOf(at);
  const times = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const ask = async () => {
    if (slot === null || instant === '') {
      return;
    }
    const query = new URLSearchParams({ slot: slot.slot, at: instant });
    setAnswer(await api.get<SlotHolders>(`/${REPORTS_SLOT_HOLDERS_PATH}?${query}`));
  };
  return (
    <ViewSection title={t('adminViews.reports.holders')}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Autocomplete
          options={[...slots]}
          value={slot}
          onChange={(_event, value) => setSlot(value)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.slot === value.slot}
          sx={{ minWidth: 260, flex: '1 1 260px' }}
          renderInput={(params) => (
            <TextField {...params} size="small" label={t('adminViews.reports.slot')} />
          )}
        />
        <TextField
          type="datetime-local"
          size="small"
          label={t('adminViews.reports.at')}
          value={at}
          onChange={(event) => setAt(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="contained" disabled={slot === null || instant === ''} onClick={ask}>
          {t('adminViews.reports.find')}
        </Button>
      </Box>
      {answer !== null && (
        <Box aria-live="polite" sx={{ mt: 2 }}>
          {answer.holders.length === 0 ? (
            <Typography>{t('adminViews.reports.nobody', { slot: answer.slotName })}</Typography>
          ) : (
            <List dense>
              {answer.holders.map((holder) => (
                <ListItem key={`${holder.email}-${holder.startsAt}`} disableGutters>
                  <ListItemText
                    primary={`${holder.name} (${holder.email})${holder.guestName === null ? '' : ` · ${holder.guestName}`}`}
                    secondary={t('adminViews.reports.held', {
                      slot: answer.slotName,
                      from: times.format(new Date(holder.startsAt)),
                      to: times.format(new Date(holder.endsAt)),
                      plate: holder.licensePlate ?? '–',
                      type: t(`enumeration.ReservationType.${holder.type}`),
                    })}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </ViewSection>
  );
}
