import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineViewer } from '../files/InlineViewer.tsx';
import type { SlotChoice } from './reservationDraft.ts';
import { floorPlanOf, slotGroupKey, sortedSlots } from './slotOptions.ts';

export type SlotPickerProps = {
  id: string;
  slots: readonly SlotChoice[] | null;
  /**
   * The slots are the last request's while this one's are asked for: none is offered, as picking one that may not
   * be free for this request, or having the highlighted option move as the answer comes, loses the pick.
   */
  loading?: boolean;
  value: SlotChoice | null;
  onChange(slot: SlotChoice | null): void;
  error: boolean;
  /** Why the field is empty or what is wrong with it. */
  helperText?: string;
};

/** A property of a slot: its symbol, hidden from screen readers, and the words that say it. */
function SymbolChip({ symbol, label }: { symbol: string; label: string }) {
  return (
    <Chip
      size="small"
      color="secondary"
      variant="outlined"
      label={
        <>
          <span aria-hidden="true">{symbol} </span>
          {label}
        </>
      }
    />
  );
}

/**
 * The parking-slot pick: searchable (by the slot's full name, which names its floor and garage), grouped by
 * garage and floor, each option saying before it is chosen whether the slot is next to a wall or exclusive, and whose it is (a
 * group's pool, accessible, with a charger);
 * the chosen slot's floor plan opens in the inline viewer where one is stored.
 */
export function SlotPicker({
  id,
  slots,
  loading = false,
  value,
  onChange,
  error,
  helperText,
}: SlotPickerProps) {
  const { t } = useTranslation('application');
  const options = useMemo(() => (loading ? [] : sortedSlots(slots ?? [])), [slots, loading]);
  const groupLabels = useMemo(
    () =>
      new Map(
        options.map((slot) => [
          slotGroupKey(slot),
          t('reservationForm.slotGroup', { garage: slot.garageName ?? '', floor: slot.floor ?? '' }),
        ]),
      ),
    [options, t],
  );
  const inline = useInlineViewer();
  const floorPlan = floorPlanOf(value);

  return (
    <Stack spacing={1}>
      <Autocomplete
        id={id}
        options={options}
        value={value}
        onChange={(_event, slot) => onChange(slot)}
        groupBy={slotGroupKey}
        // Each group is an ARIA group of the listbox, named by its heading, with its options directly inside
        // (ARIA 1.2's listbox with grouped options): MUI's own group is a list item holding a list, which leaves
        // the options outside any listbox a screen reader knows of.
        renderGroup={(params) => {
          const headingId = `${id}-group-${params.key}`;
          return (
            <Box
              component="ul"
              key={params.key}
              role="group"
              aria-labelledby={headingId}
              sx={{ p: 0, m: 0, listStyle: 'none' }}
            >
              <Box
                component="li"
                id={headingId}
                role="presentation"
                sx={{
                  px: 2,
                  py: 0.5,
                  typography: 'overline',
                  color: 'text.secondary',
                  bgcolor: 'background.paper',
                }}
              >
                {groupLabels.get(params.group)}
              </Box>
              {params.children}
            </Box>
          );
        }}
        getOptionLabel={(slot) => slot.aggregaredName ?? ''}
        isOptionEqualToValue={(option, chosen) => option.__signedIdentifier === chosen.__signedIdentifier}
        noOptionsText={t('reservationForm.noSlotMatches')}
        loading={loading}
        loadingText={t('reservationForm.slotsLoading')}
        renderOption={({ key, ...props }, slot) => (
          <li key={key} {...props}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <span>{slot.aggregaredName}</span>
              {slot.nextToWall === true && (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t('reservationForm.nextToWall')}
                />
              )}
              {slot.isExclusive === true && (
                <Chip size="small" color="info" variant="outlined" label={t('reservationForm.exclusive')} />
              )}
              {/* Who the slot is for: a symbol beside words that say it (the symbol is not read out). */}
              {typeof slot.poolGroupName === 'string' && slot.poolGroupName !== '' && (
                <SymbolChip symbol="👥" label={t('reservationForm.pool', { group: slot.poolGroupName })} />
              )}
              {slot.isAccessible === true && (
                <SymbolChip symbol="♿" label={t('reservationForm.accessible')} />
              )}
              {slot.hasCharger === true && <SymbolChip symbol="⚡" label={t('reservationForm.charger')} />}
            </Stack>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            label={t('reservationForm.parkingSlot')}
            placeholder={t('reservationForm.slotSearch')}
            error={error}
            helperText={helperText}
          />
        )}
      />
      {floorPlan !== null && (
        <div>
          <Button size="small" onClick={() => void inline.view(floorPlan)}>
            {t('reservationForm.floorPlan')}
          </Button>
        </div>
      )}
      {inline.viewer}
    </Stack>
  );
}
