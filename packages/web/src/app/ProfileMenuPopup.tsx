import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Locale } from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { useLogout, usePrincipal } from '../auth/principal.tsx';
import { useLanguage } from '../i18n/language.ts';
import { CheckIcon, DownloadIcon, LogoutIcon, ManageAccountsIcon, TranslateIcon } from '../icons/icons.tsx';
import { useNavigationActions } from '../navigation/NavigationProvider.tsx';
import { useInstallOffer } from '../offline/useInstallOffer.ts';
import { screenPath } from '../screens/screens.ts';
import { PROFILE_MENU_MAX, PROFILE_MENU_MAX_SMALL, PROFILE_MENU_MIN } from '../theme/layout.ts';
import { useThemeMode } from '../theme/mode.ts';
import { ThemeModeIcon, useThemeToggleLabel } from './ThemeModeToggle.tsx';

/** Each language is named in itself, so anyone can find their own. */
const LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: 'hu-HU', label: 'Magyar' },
  { locale: 'en-US', label: 'English' },
];

type ProfileMenuPopupProps = { id: string; anchor: HTMLElement | null; onClose(): void };

/**
 * The profile button's popup: Profile, theme, Install ParkHere (where the browser offers it), language, Sign out.
 * Loaded when the button is first pressed.
 */
export default function ProfileMenuPopup({ id, anchor, onClose: close }: ProfileMenuPopupProps) {
  const { t } = useTranslation('application');
  const principal = usePrincipal();
  const logout = useLogout();
  const { navigate } = useNavigationActions();
  const { toggle } = useThemeMode();
  const themeLabel = useThemeToggleLabel();
  const { locale, setLocale } = useLanguage();
  // Only where the browser offers to install the app (installOffer.ts).
  const install = useInstallOffer();

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          sx: {
            minWidth: PROFILE_MENU_MIN,
            maxWidth: { xs: PROFILE_MENU_MAX_SMALL, sm: PROFILE_MENU_MAX },
            mt: 1,
          },
        },
      }}
    >
      <Box sx={{ px: 4, py: 2 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {principal.name || principal.preferredUsername}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {principal.email}
        </Typography>
      </Box>
      <Divider />
      <MenuItem
        onClick={() => {
          close();
          navigate(screenPath('profileSettings'));
        }}
      >
        <ListItemIcon>
          <ManageAccountsIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('profile.profile')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={toggle}>
        <ListItemIcon>
          <ThemeModeIcon />
        </ListItemIcon>
        <ListItemText>{themeLabel}</ListItemText>
      </MenuItem>
      {install !== undefined && (
        <MenuItem
          onClick={() => {
            close();
            void install();
          }}
        >
          <ListItemIcon>
            <DownloadIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profile.install')}</ListItemText>
        </MenuItem>
      )}
      <Divider />
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.locale}
          lang={language.locale}
          selected={language.locale === locale}
          onClick={() => {
            close();
            void setLocale(language.locale);
          }}
        >
          <ListItemIcon>
            {language.locale === locale ? <CheckIcon fontSize="small" /> : <TranslateIcon fontSize="small" />}
          </ListItemIcon>
          <ListItemText>{language.label}</ListItemText>
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          close();
          void logout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('profile.signOut')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
