import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { TransferName } from '@parkhere/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, setRelation } from '../../api/model.ts';
import { toast } from '../../feedback/toast.ts';
import { useRange } from './useRange.ts';

const NONE: Row[] = [];

const sameSet = (a: readonly Row[], b: readonly Row[]): boolean =>
  a.length === b.length && a.every((row) => b.some((other) => other.__identifier === row.__identifier));

/**
 * A to-many relation of an owner picked from its `~range` (the current members come `__selected`) and stored
 * whole with `~set`: accessed users, ID cards, accessed garages.
 */
export function RelationPicker({
  type,
  relation,
  owner,
  label,
  labelAttribute,
  readOnly = false,
  onSaved,
  onCancel,
}: {
  type: TransferName;
  relation: string;
  owner: Row;
  label: string;
  labelAttribute: string;
  readOnly?: boolean;
  onSaved?(): void;
  /** Given (in a dialog), Cancel is always offered and also leaves: the dialog needs no Close of its own. */
  onCancel?(): void;
}) {
  const { t } = useTranslation('application');
  const { candidates, textOf, isSame, stored } = useRange(
    type,
    relation,
    owner,
    labelAttribute,
    `{${labelAttribute}}`,
  );
  const options = candidates.data ?? NONE;
  const current = useMemo(() => options.filter((row) => row.__selected === true), [options]);
  // Null while the user has picked nothing: the picker shows the current members.
  const [picked, setPicked] = useState<Row[] | null>(null);
  const chosen = picked ?? current;
  const saving = useMutation({
    mutationFn: (targets: Row[]) => setRelation(type, relation, owner, targets),
    onSuccess: stored,
  });

  const save = async () => {
    try {
      await saving.mutateAsync(chosen);
      setPicked(null);
      toast.success(t('dataTable.saved'));
      onSaved?.();
    } catch {
      // The error pipeline has told the user.
    }
  };

  const unchanged = sameSet(current, chosen);
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Autocomplete
        multiple
        sx={{ minWidth: 320, flexGrow: 1 }}
        options={options}
        value={chosen}
        readOnly={readOnly}
        disableCloseOnSelect
        onChange={(_event, value) => setPicked(value)}
        getOptionLabel={textOf}
        isOptionEqualToValue={isSame}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
          <Button variant="contained" disabled={saving.isPending || unchanged} onClick={() => void save()}>
            {t('dataTable.save')}
          </Button>
          <Button
            disabled={saving.isPending || (unchanged && onCancel === undefined)}
            onClick={() => {
              setPicked(null);
              onCancel?.();
            }}
          >
            {t('dataTable.cancel')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
