import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FilterKind } from '@parkhere/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddIcon, DeleteOutlinedIcon } from '../../icons/icons.tsx';
import { createDebouncer } from './debounce.ts';
import {
  type FilterEntry,
  type FilterProblem,
  filterProblem,
  isTypedInput,
  newFilter,
  operatorsOf,
  TRINARY_VALUES,
  takesValue,
} from './filterModel.ts';

/** A filterable attribute as the dialog offers it. */
export type FilterField = {
  field: string;
  label: string;
  kind: FilterKind;
  /** The literals of an enumeration with their translated labels. */
  values: readonly { value: string; label: string }[];
};

type TextInputProps = {
  label: string;
  value: string;
  type: 'text' | 'number';
  error?: string | undefined;
  onChange(value: string): void;
};

/** A text input that reports its value 500 ms after the last keystroke, or at once on blur (SPEC §5). */
function DebouncedTextField({ label, value, type, error, onChange }: TextInputProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  const debouncer = useMemo(() => createDebouncer<string>((next) => latest.current(next)), []);
  useEffect(() => () => debouncer.flush(), [debouncer]);
  useEffect(() => setText(value), [value]);
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      type={type}
      value={text}
      error={error !== undefined}
      helperText={error}
      onChange={(event) => {
        setText(event.target.value);
        debouncer.schedule(event.target.value);
      }}
      onBlur={() => debouncer.flush()}
    />
  );
}

type SmallSelectProps = {
  label: string;
  value: string;
  options: readonly string[];
  optionLabel(option: string): string;
  onChange(value: string): void;
  fullWidth?: boolean;
  error?: string | undefined;
};

/** A small select of the filter dialog: the attribute, the operator or one of an enumeration's values. */
function SmallSelect({
  label,
  value,
  options,
  optionLabel,
  onChange,
  fullWidth = false,
  error,
}: SmallSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={fullWidth}
      label={label}
      value={value}
      error={error !== undefined}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

type ValueInputProps = {
  field: FilterField;
  entry: FilterEntry;
  error: string | undefined;
  onChange(value: string): void;
};

function ValueInput({ field, entry, error, onChange }: ValueInputProps) {
  const { t } = useTranslation('application');
  const label = t('dataTable.filter.value');
  if (isTypedInput(field.kind)) {
    const type = field.kind === 'numeric' ? 'number' : 'text';
    return (
      <DebouncedTextField label={label} type={type} value={entry.value} error={error} onChange={onChange} />
    );
  }
  const choices = (values: readonly string[], labelOf: (value: string) => string) => (
    <SmallSelect
      fullWidth
      label={label}
      value={entry.value}
      options={values}
      optionLabel={labelOf}
      error={error}
      onChange={onChange}
    />
  );
  const picker = (type: 'date' | 'datetime-local' | 'time') => (
    <TextField
      size="small"
      fullWidth
      type={type}
      label={label}
      value={entry.value}
      error={error !== undefined}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  switch (field.kind) {
    case 'boolean':
      return choices(['true', 'false'], (value) => t(`dataTable.trinary.${value}`));
    case 'trinaryLogic':
      return choices(TRINARY_VALUES, (value) => t(`dataTable.trinary.${value}`));
    case 'enumeration':
      return choices(
        field.values.map((option) => option.value),
        (value) => field.values.find((option) => option.value === value)?.label ?? value,
      );
    case 'date':
      return picker('date');
    case 'dateTime':
      return picker('datetime-local');
    case 'time':
      return picker('time');
    case 'string':
    case 'numeric':
      return null;
  }
}

type FilterFieldsProps = {
  fields: readonly FilterField[];
  entries: readonly FilterEntry[];
  /** Problems are shown only after the user tried to apply, not while a row is still being filled in. */
  showProblems: boolean;
  onChange(entries: FilterEntry[]): void;
};

let nextId = 0;
const newId = () => {
  nextId += 1;
  return `filter-${Date.now().toString(36)}-${nextId}`;
};

/** The body of a table's filter side dialog: one row per filter, attribute, operator and a typed value. */
export function FilterFields({ fields, entries, showProblems, onChange }: FilterFieldsProps) {
  const { t } = useTranslation('application');
  const byField = new Map(fields.map((field) => [field.field, field]));
  const replace = (id: string, patch: Partial<FilterEntry>) =>
    onChange(entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
  const problemText = (problem: FilterProblem | null) =>
    problem === null ? undefined : t(`dataTable.filter.problem.${problem}`);
  const first = fields[0];
  return (
    // The top padding keeps the first outlined label clear of the scroll area's edge.
    <Stack spacing={4} sx={{ pt: 1 }}>
      {entries.length === 0 && <Typography color="text.secondary">{t('dataTable.filter.none')}</Typography>}
      {entries.map((entry) => {
        const field = byField.get(entry.attribute);
        if (field === undefined) {
          return null;
        }
        const problem = showProblems ? filterProblem(entry, field.kind) : null;
        return (
          <Box
            key={entry.id}
            data-testid="filter-row"
            sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 2, alignItems: 'start' }}
          >
            <Stack spacing={2}>
              <SmallSelect
                label={t('dataTable.filter.attribute')}
                value={entry.attribute}
                options={fields.map((option) => option.field)}
                optionLabel={(name) => byField.get(name)?.label ?? name}
                onChange={(name) => {
                  const next = byField.get(name);
                  if (next !== undefined) {
                    replace(entry.id, newFilter(next.field, next.kind, entry.id));
                  }
                }}
              />
              <SmallSelect
                label={t('dataTable.filter.operator')}
                value={entry.operator}
                options={operatorsOf(field.kind)}
                optionLabel={(operator) => t(`dataTable.operator.${operator}`)}
                onChange={(value) => {
                  const operator = operatorsOf(field.kind).find((candidate) => candidate === value);
                  if (operator !== undefined) {
                    replace(entry.id, { operator, value: takesValue(operator) ? entry.value : '' });
                  }
                }}
              />
              {takesValue(entry.operator) && (
                <ValueInput
                  field={field}
                  entry={entry}
                  error={problemText(problem)}
                  onChange={(value) => replace(entry.id, { value })}
                />
              )}
            </Stack>
            <IconButton
              aria-label={t('dataTable.filter.remove')}
              onClick={() => onChange(entries.filter((candidate) => candidate.id !== entry.id))}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        );
      })}
      {first !== undefined && (
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => onChange([...entries, newFilter(first.field, first.kind, newId())])}
          >
            {t('dataTable.filter.add')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
