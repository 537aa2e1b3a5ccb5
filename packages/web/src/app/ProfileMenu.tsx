import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrincipal } from '../auth/principal.tsx';
import { useOpenedOnce } from '../feedback/openedOnce.ts';
import { initialsOf, UserAvatar } from './UserAvatar.tsx';

const ProfileMenuPopup = lazy(() => import('./ProfileMenuPopup.tsx'));

/** The header's profile button and its popup: Profile, theme, language, Sign out. */
export function ProfileMenu() {
  const { t } = useTranslation('application');
  const principal = usePrincipal();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The popup loads on the first press and stays mounted after, so closing it animates.
  const opened = useOpenedOnce(anchor !== null);
  const menuId = useId();
  // Named by what it shows (the initials where there is no picture, and the username), then what it is for, so
  // the name a voice-control user reads off the screen is in it (WCAG 2.5.3).
  const shown = [principal.imageSrc ? '' : initialsOf(principal), principal.preferredUsername]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <Button
        color="inherit"
        aria-label={t('profile.buttonName', { shown })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', gap: 2, px: 2, minWidth: 0, borderRadius: 6 }}
      >
        <UserAvatar principal={principal} />
        <Typography component="span" sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 600 }}>
          {principal.preferredUsername}
        </Typography>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ProfileMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
