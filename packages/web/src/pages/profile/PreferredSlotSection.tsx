import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRelation, type Row, range, setRelation, unsetRelation } from '../../api/model.ts';
import { toast } from '../../feedback/toast.ts';

const SLOT_MASK = '{aggregaredName,nextToWall}';
const labelOf = (slot: Row): string => (typeof slot.aggregaredName === 'string' ? slot.aggregaredName : '');

/** The preferred parking slot: picked from the relation's `~range`, stored with `~set` and cleared with `~unset`. */
export function PreferredSlotSection({ profile }: { profile: Row }) {
  const { t } = useTranslation('application');
  const [current, setCurrent] = useState<Row | null>(null);
  const [chosen, setChosen] = useState<Row | null>(null);
  // Null until the range arrives: the picker waits for its candidates rather than offering none.
  const [options, setOptions] = useState<Row[] | null>(null);
  const owner = profile.__signedIdentifier ?? '';

  const load = useCallback(async () => {
    try {
      const slot = await getRelation('ProfileSettings', 'preferedParkingSlot', owner, { _mask: SLOT_MASK });
      setCurrent(slot);
      setChosen(slot);
    } catch {
      // The error pipeline has told the user.
    }
  }, [owner]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    void range('ProfileSettings', 'preferedParkingSlot', profile, {
      _mask: SLOT_MASK,
      _orderBy: [{ attribute: 'aggregaredName', descending: false }],
    })
      .then(setOptions)
      .catch(() => setOptions([]));
  }, [profile]);

  const change = async (call: () => Promise<unknown>) => {
    try {
      await call();
      toast.success(t('dataTable.saved'));
      await load();
    } catch {
      // The error pipeline has told the user.
    }
  };

  const unchanged = (chosen?.__identifier ?? null) === (current?.__identifier ?? null);

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Autocomplete
        sx={{ minWidth: 320, flexGrow: 1 }}
        options={options ?? []}
        loading={options === null}
        disabled={options === null}
        value={chosen}
        onChange={(_event, value) => setChosen(value)}
        getOptionLabel={labelOf}
        isOptionEqualToValue={(option, value) => option.__identifier === value.__identifier}
        renderInput={(params) => <TextField {...params} label={t('profileSettings.preferredSlot.label')} />}
      />
      <Button
        variant="contained"
        disabled={chosen === null || unchanged}
        onClick={() =>
          chosen !== null &&
          void change(() => setRelation('ProfileSettings', 'preferedParkingSlot', profile, chosen))
        }
      >
        {t('profileSettings.preferredSlot.set')}
      </Button>
      <Button
        variant="outlined"
        disabled={current === null}
        onClick={() => void change(() => unsetRelation('ProfileSettings', 'preferedParkingSlot', profile))}
      >
        {t('profileSettings.preferredSlot.unset')}
      </Button>
      {chosen?.nextToWall === true && (
        <Typography variant="body2" color="warning.main" sx={{ width: '100%' }}>
          {t('profileSettings.preferredSlot.nextToWall')}
        </Typography>
      )}
    </Box>
  );
}
