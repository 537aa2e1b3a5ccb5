import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLogout, usePrincipal } from '../auth/principal.tsx';
import { LogoutIcon, SettingsIcon } from '../icons/icons.tsx';
import { useNavigationActions } from '../navigation/NavigationProvider.tsx';
import { screenPath } from '../screens/screens.ts';
import { ThemeModeToggle } from './ThemeModeToggle.tsx';
import { UserAvatar } from './UserAvatar.tsx';

/** The drawer's profile block: who is signed in, theme, profile settings and sign-out. */
export function DrawerFooter({ mini, onNavigate }: { mini: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('application');
  const principal = usePrincipal();
  const logout = useLogout();
  const { navigate } = useNavigationActions();
  const settingsLabel = t('profile.settings');
  const signOutLabel = t('profile.signOut');

  const actions = (
    <>
      <ThemeModeToggle />
      <Tooltip title={settingsLabel}>
        <IconButton
          aria-label={settingsLabel}
          color="inherit"
          onClick={() => {
            navigate(screenPath('profileSettings'));
            onNavigate?.();
          }}
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={signOutLabel}>
        <IconButton aria-label={signOutLabel} color="inherit" onClick={() => void logout()}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
    </>
  );

  if (mini) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', py: 2, borderTop: 1, borderColor: 'divider' }}>
        <UserAvatar principal={principal} />
        {actions}
      </Stack>
    );
  }
  return (
    <Box sx={{ p: 3, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', mb: 2 }}>
        <UserAvatar principal={principal} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {principal.preferredUsername}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('profile.userLabel')}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-around' }}>
        {actions}
      </Stack>
    </Box>
  );
}
