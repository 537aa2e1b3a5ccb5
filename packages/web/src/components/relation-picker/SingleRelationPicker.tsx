import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { TransferName } from '@parkhere/contract';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, setRelation, unsetRelation } from '../../api/model.ts';
import { toast } from '../../feedback/toast.ts';
import { useRange } from './useRange.ts';

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
  const { candidates, textOf, isSame, stored } = useRange(type, relation, owner, labelAttribute, mask);
  // Null until the range arrives: the picker waits for its candidates rather than offering none. After a
  // failure (the error pipeline has told the user) it stops waiting.
  const options = candidates.data ?? (candidates.isError ? [] : null);
  const current = options?.find((row) => row.__selected === true) ?? null;
  // Undefined while the user has picked nothing: the picker shows the current one.
  const [picked, setPicked] = useState<Row | null | undefined>(undefined);
  const chosen = picked === undefined ? current : picked;
  const changing = useMutation({
    /** `~set` of the chosen candidate, or `~unset` with null. */
    mutationFn: (target: Row | null) =>
      target === null ? unsetRelation(type, relation, owner) : setRelation(type, relation, owner, target),
    onSuccess: stored,
  });

  const change = async (target: Row | null) => {
    try {
      await changing.mutateAsync(target);
      setPicked(undefined);
      toast.success(t('dataTable.saved'));
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
        onChange={(_event, value) => setPicked(value)}
        getOptionLabel={textOf}
        isOptionEqualToValue={isSame}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      <Button
        variant="contained"
        disabled={chosen === null || unchanged}
        onClick={() => chosen !== null && void change(chosen)}
      >
        {setLabel ?? t('dataTable.save')}
      </Button>
      <Button variant="outlined" disabled={current === null} onClick={() => void change(null)}>
        {t('profileSettings.preferredSlot.unset')}
      </Button>
      {children?.(chosen)}
    </Box>
  );
}
