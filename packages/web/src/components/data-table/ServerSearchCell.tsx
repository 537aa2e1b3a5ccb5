import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type GridRenderEditCellParams, useGridApiContext } from '@mui/x-data-grid';
import { likeValue, type TransferName } from '@parkhere/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryCustomizer, type Row, range } from '../../api/model.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { createDebouncer } from './debounce.ts';

/** How many candidates a search shows: the first page of the range in its own order; typing narrows it. */
export const SERVER_SEARCH_LIMIT = 20;

/**
 * The `~range` query of a server-searched relation column: the first SERVER_SEARCH_LIMIT candidates whose
 * label attribute contains the typed text (all of them, in that page, while nothing is typed).
 */
export const serverSearchQuery = (label: string, text: string): QueryCustomizer => ({
  _mask: `{${label}}`,
  _seek: { limit: SERVER_SEARCH_LIMIT },
  ...(text.trim() === '' ? {} : { [label]: [{ operator: 'like', value: likeValue(text.trim()) }] }),
});

const identifierOf = (value: unknown): string =>
  typeof value === 'object' && value !== null ? String(Reflect.get(value, '__identifier') ?? '') : '';

/**
 * The editor of a to-one relation whose candidates are too many to load (every user, for a slot's owner): a
 * picker that asks the server for the candidates matching what is typed. The picked candidate itself is the
 * cell's edited value, which the column's valueSetter stores as the relation.
 */
export function ServerSearchCell({
  params,
  type,
  label,
  clearable,
}: {
  params: GridRenderEditCellParams<Row>;
  type: TransferName;
  label: string;
  /** Whether the relation may be unset (the picker then clears to none). */
  clearable: boolean;
}) {
  const { t } = useTranslation('application');
  const apiRef = useGridApiContext();
  const field = params.field;
  const [text, setText] = useState('');
  const debouncer = useMemo(() => createDebouncer<string>(setText), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const query = serverSearchQuery(label, text);
  const found = useQuery({
    queryKey: queryKeys.range(type, field, null, query),
    queryFn: () => range(type, field, null, query, { handleErrors: false }),
  });
  const stored = params.row[field];
  // The edited value: a candidate picked here, or the stored relation's identifier while nothing is picked.
  const value: Row | null =
    typeof params.value === 'object' && params.value !== null
      ? (params.value as Row)
      : identifierOf(stored) !== '' && identifierOf(stored) === params.value
        ? (stored as Row)
        : null;
  const labelOf = (row: Row): string => String(Reflect.get(row, label) ?? '');
  return (
    <Autocomplete
      sx={{ width: '100%' }}
      size="small"
      openOnFocus
      options={found.data ?? []}
      loading={found.isFetching}
      loadingText={t('dataTable.loading')}
      noOptionsText={t('dataTable.noMatches')}
      // The server has filtered already: every candidate it answered is shown.
      filterOptions={(options) => options}
      value={value}
      disableClearable={!clearable}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, chosen) => identifierOf(option) === identifierOf(chosen)}
      onInputChange={(_event, typed, reason) => {
        if (reason === 'input') {
          debouncer.schedule(typed);
        }
      }}
      onChange={(_event, picked) => {
        void apiRef.current.setEditCellValue({ id: params.id, field, value: picked ?? '' });
      }}
      renderInput={(input) => (
        <TextField
          {...input}
          autoFocus={params.hasFocus}
          slotProps={{
            ...input.slotProps,
            htmlInput: {
              ...input.slotProps.htmlInput,
              'aria-label': String(params.colDef.headerName ?? field),
            },
          }}
        />
      )}
    />
  );
}
