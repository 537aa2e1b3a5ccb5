import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { DarkModeIcon, LightModeIcon } from '../icons/icons.tsx';
import { useThemeMode } from '../theme/mode.ts';

/** Named for what a click does: 'Dark mode' in light mode, 'Light mode' in dark mode. */
export function useThemeToggleLabel(): string {
  const { mode } = useThemeMode();
  const { t } = useTranslation('application');
  return mode === 'light' ? t('theme.darkMode') : t('theme.lightMode');
}

export function ThemeModeIcon() {
  const { mode } = useThemeMode();
  return mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />;
}

export function ThemeModeToggle() {
  const { toggle } = useThemeMode();
  const label = useThemeToggleLabel();
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={toggle} color="inherit">
        <ThemeModeIcon />
      </IconButton>
    </Tooltip>
  );
}
