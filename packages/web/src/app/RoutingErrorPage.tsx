import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../navigation/NavigationProvider.tsx';
import { screenPath } from '../screens/screens.ts';

type ErrorKind = 'notFound' | 'forbidden' | 'unavailable' | 'unknown';

export function errorKindOf(status: number | undefined): ErrorKind {
  switch (status) {
    case 404:
      return 'notFound';
    case 403:
      return 'forbidden';
    case 503:
      return 'unavailable';
    default:
      return 'unknown';
  }
}

/** SPEC §2.5: 404, 403, 503 and everything else, with the actions each case allows. */
export function RoutingErrorPage({ status }: { status?: number }) {
  const { t } = useTranslation('application');
  const navigate = useNavigate();
  const kind = errorKindOf(status);
  const offersRecovery = kind !== 'notFound';

  // Always inside the navigation provider: the shell's routes are its children.
  usePageTitle(t(`routingError.${kind}.title`));

  const resetSettings = () => {
    window.sessionStorage.clear();
    window.location.reload();
  };

  return (
    <Box role="alert" sx={{ py: 8, px: 2, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      {status !== undefined && (
        <Typography variant="h2" component="p" color="primary" aria-hidden>
          {status}
        </Typography>
      )}
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`routingError.${kind}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t(`routingError.${kind}.message`)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        {offersRecovery && (
          <Button variant="outlined" onClick={resetSettings}>
            {t('routingError.resetSettings')}
          </Button>
        )}
        <Button variant="contained" onClick={() => void navigate(screenPath('dashboard'))}>
          {t('routingError.navigateToDashboard')}
        </Button>
        {offersRecovery && (
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('routingError.reloadPage')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The status an error thrown while rendering a page carries, if any (API errors carry one). */
export function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null) {
    const status = Reflect.get(error, 'status');
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

type PageErrorBoundaryProps = { locationKey: string; children: ReactNode };
type PageErrorBoundaryState = { locationKey: string; failure?: { error: unknown } };

/**
 * Shows the routing error page for whatever a page threw (or a page that failed to load), inside the
 * shell; moving to another location tries again.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { locationKey: props.locationKey, failure: undefined };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (statusOf(error) === undefined) {
      console.error(error, info.componentStack);
    }
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RoutingErrorPage status={statusOf(failure.error)} /> : this.props.children;
  }
}
