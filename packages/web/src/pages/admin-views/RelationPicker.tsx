import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { TransferName } from '@parkhere/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, range, setRelation } from '../../api/model.ts';
import { toast } from '../../feedback/toast.ts';

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
}: {
  type: TransferName;
  relation: string;
  owner: Row;
  label: string;
  labelAttribute: string;
  readOnly?: boolean;
  onSaved?(): void;
}) {
  const { t } = useTranslation('application');
  const [options, setOptions] = useState<Row[]>([]);
  const [current, setCurrent] = useState<Row[]>([]);
  const [chosen, setChosen] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  const textOf = (row: Row): string => {
    const value = row[labelAttribute];
    return typeof value === 'string' ? value : '';
  };

  const load = useCallback(async () => {
    try {
      const candidates = await range(type, relation, owner, {
        _mask: `{${labelAttribute}}`,
        _orderBy: [{ attribute: labelAttribute, descending: false }],
      });
      const selected = candidates.filter((row) => row.__selected === true);
      setOptions(candidates);
      setCurrent(selected);
      setChosen(selected);
    } catch {
      // The error pipeline has told the user.
    }
  }, [type, relation, owner, labelAttribute]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    setSaving(true);
    try {
      await setRelation(type, relation, owner, chosen);
      toast.success(t('dataTable.saved'));
      await load();
      onSaved?.();
    } catch {
      // The error pipeline has told the user.
    } finally {
      setSaving(false);
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
        onChange={(_event, value) => setChosen(value)}
        getOptionLabel={textOf}
        isOptionEqualToValue={(option, value) => option.__identifier === value.__identifier}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
          <Button variant="contained" disabled={saving || unchanged} onClick={() => void save()}>
            {t('dataTable.save')}
          </Button>
          <Button disabled={saving || unchanged} onClick={() => setChosen(current)}>
            {t('dataTable.cancel')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
