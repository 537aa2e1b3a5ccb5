import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Preferences, usePreferences } from '../preferences/preferences.tsx';
import { THEME_DRAWER_WIDTH } from '../theme/layout.ts';

type Choice<T extends string> = { value: T; labelKey: string };

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
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the header, which itself sits above the permanent drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: THEME_DRAWER_WIDTH } }, 'aria-labelledby': titleId },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 4, pb: 2 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('theme.settings')}
        </Typography>
        <IconButton aria-label={t('theme.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Stack spacing={6} sx={{ p: 4 }}>
        <Setting<Preferences['menuOrientation']>
          labelKey="theme.menuOrientation"
          value={preferences.menuOrientation}
          choices={[
            { value: 'vertical', labelKey: 'theme.vertical' },
            { value: 'horizontal', labelKey: 'theme.horizontal' },
          ]}
          onChange={(menuOrientation) => update({ menuOrientation })}
        />
        <Setting<Preferences['mode']>
          labelKey="theme.mode"
          value={preferences.mode}
          choices={[
            { value: 'light', labelKey: 'theme.light' },
            { value: 'dark', labelKey: 'theme.dark' },
          ]}
          onChange={(mode) => update({ mode })}
        />
        <Setting<'fluid' | 'container'>
          labelKey="theme.layoutWidth"
          value={width}
          choices={[
            { value: 'fluid', labelKey: 'theme.fluid' },
            { value: 'container', labelKey: 'theme.container' },
          ]}
          onChange={(next) => update({ container: next === 'container' })}
        />
      </Stack>
    </Drawer>
  );
}
