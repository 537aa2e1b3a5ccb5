import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SideSheet } from '../feedback/SideSheet.tsx';
import { CloseIcon } from '../icons/icons.tsx';
import { type Preferences, usePreferences } from '../preferences/preferences.tsx';
import { THEME_DRAWER_WIDTH } from '../theme/layout.ts';

type Choice<T extends string> = { value: T; labelKey: string };

/** Each choice is labelled by the `theme.` entry named after its value. */
const choices = <T extends string>(...values: T[]): Choice<T>[] =>
  values.map((value) => ({ value, labelKey: `theme.${value}` }));

function Setting<T extends string>({
  labelKey,
  value,
  choices,
  onChange,
}: {
  labelKey: string;
  value: T;
  choices: Choice<T>[];
  onChange(value: T): void;
}) {
  const { t } = useTranslation('application');
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 2 }}>
        {t(labelKey)}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        size="small"
        value={value}
        aria-labelledby={labelId}
        onChange={(_event, next: T | null) => {
          if (next !== null) {
            onChange(next);
          }
        }}
      >
        {choices.map((choice) => (
          <ToggleButton key={choice.value} value={choice.value} sx={{ textTransform: 'none' }}>
            {t(choice.labelKey)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** The experimental layout settings (SPEC §2.4), all kept in the stored preferences. */
export function ThemeDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('application');
  const { preferences, update } = usePreferences();
  const titleId = useId();
  const width: 'fluid' | 'container' = preferences.container ? 'container' : 'fluid';
  return (
    <SideSheet open={open} onClose={onClose} titleId={titleId} width={THEME_DRAWER_WIDTH}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 4, pb: 2 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('theme.settings')}
        </Typography>
        <IconButton aria-label={t('theme.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack spacing={6} sx={{ p: 4 }}>
        <Setting<Preferences['menuOrientation']>
          labelKey="theme.menuOrientation"
          value={preferences.menuOrientation}
          choices={choices('vertical', 'horizontal')}
          onChange={(menuOrientation) => update({ menuOrientation })}
        />
        <Setting<Preferences['mode']>
          labelKey="theme.mode"
          value={preferences.mode}
          choices={choices('light', 'dark')}
          onChange={(mode) => update({ mode })}
        />
        <Setting<'fluid' | 'container'>
          labelKey="theme.layoutWidth"
          value={width}
          choices={choices('fluid', 'container')}
          onChange={(next) => update({ container: next === 'container' })}
        />
      </Stack>
    </SideSheet>
  );
}
