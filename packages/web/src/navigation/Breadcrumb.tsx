import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigation } from './NavigationProvider.tsx';

/** Home first, then the screens above the current page and the page itself; each item returns to its page. */
export function Breadcrumb() {
  const { crumbs, open } = useNavigation();
  const { t } = useTranslation('application');
  const last = crumbs.length - 1;
  return (
    <Breadcrumbs aria-label={t('navigation.breadcrumb')} separator="/" sx={{ mb: 2 }}>
      {crumbs.map((crumb, index) =>
        index === last ? (
          <Typography key={`${crumb.path}-${crumb.depth}`} color="text.primary" aria-current="page">
            {crumb.label}
          </Typography>
        ) : (
          <Link
            key={`${crumb.path}-${crumb.depth}`}
            component="button"
            type="button"
            underline="hover"
            color="inherit"
            onClick={() => open(crumb)}
          >
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
