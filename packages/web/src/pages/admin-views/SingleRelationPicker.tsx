import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { TransferName } from '@parkhere/contract';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, range, setRelation, unsetRelation } from '../../api/model.ts';
import { toast } from '../../feedback/toast.ts';

/** A to-one relation picked from its `~range` (the current one comes `__selected`), stored with `~set` / `~unset`. */
export function SingleRelationPicker({
  type,
  relation,
  owner,
  label,
  labelAttribute,
  mask = `{${labelAttribute}}`,
  setLabel,
  children,
}: {
  type: TransferName;
  relation: string;
  owner: Row;
  label: string;
  labelAttribute: string;
  /** The candidates' attributes; the label's alone by default. */
  mask?: string;
  /** The store button's text; Save by default. */
  setLabel?: string;
  /** What the picker shows below about the chosen candidate (a warning, say). */
  children?: (chosen: Row | null) => ReactNode;
}) {
  const { t } = useTranslation('application');
  // Null until the range arrives: the picker waits for its candidates rather than offering none.
  const [options, setOptions] = useState<Row[] | null>(null);
  const [current, setCurrent] = useState<Row | null>(null);
  const [chosen, setChosen] = useState<Row | null>(null);
  const textOf = (row: Row): string => {
    const value = row[labelAttribute];
    return typeof value === 'string' ? value : '';
  };

  const load = useCallback(async () => {
    try {
      const candidates = await range(type, relation, owner, {
        _mask: mask,
        _orderBy: [{ attribute: labelAttribute, descending: false }],
      });
      const selected = candidates.find((row) => row.__selected === true) ?? null;
      setOptions(candidates);
      setCurrent(selected);
      setChosen(selected);
    } catch {
      // The error pipeline has told the user; the picker stops waiting.
      setOptions((known) => known ?? []);
    }
  }, [type, relation, owner, labelAttribute, mask]);

  useEffect(() => {
    void load();
  }, [load]);

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
        getOptionLabel={textOf}
        isOptionEqualToValue={(option, value) => option.__identifier === value.__identifier}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      <Button
        variant="contained"
        disabled={chosen === null || unchanged}
        onClick={() => chosen !== null && void change(() => setRelation(type, relation, owner, chosen))}
      >
        {setLabel ?? t('dataTable.save')}
      </Button>
      <Button
        variant="outlined"
        disabled={current === null}
        onClick={() => void change(() => unsetRelation(type, relation, owner))}
      >
        {t('profileSettings.preferredSlot.unset')}
      </Button>
      {children?.(chosen)}
    </Box>
  );
}
