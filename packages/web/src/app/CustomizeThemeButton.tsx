import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { SettingsSuggestIcon } from '../icons/icons.tsx';

/** The header's button that opens the experimental theme drawer. */
export default function CustomizeThemeButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation('application');
  const label = t('theme.customize');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={onClick}>
        <SettingsSuggestIcon />
      </IconButton>
    </Tooltip>
  );
}
