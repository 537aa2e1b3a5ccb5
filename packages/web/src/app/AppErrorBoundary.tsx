import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../auth/principal.tsx';

/** SPEC §2.4 error boundary screen: the shell itself failed, so only Sign out and Reload are offered. */
export function ErrorBoundaryScreen() {
  const { t } = useTranslation('application');
  const logout = useLogout();
  return (
    <Box role="alert" sx={{ py: 10, px: 2, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('errorBoundary.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('errorBoundary.message')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="outlined" onClick={() => void logout()}>
          {t('profile.signOut')}
        </Button>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('routingError.reloadPage')}
        </Button>
      </Stack>
    </Box>
  );
}

type State = { failed: boolean };

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorBoundaryScreen /> : this.props.children;
  }
}
