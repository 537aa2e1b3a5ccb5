import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Spinner } from '../feedback/Spinner.tsx';

type StatusScreenProps = {
  title: string;
  message?: string;
  busy?: boolean;
  actions?: ReactNode;
};

/** The logo's size on the start screen: index.html draws the same before the app's code has loaded. */
const LOGO_SIZE = 160;

/**
 * A full-page message shown before the app can render: signing in, loading the principal, or why not. It
 * continues index.html's start screen, logo in place, so the page does not jump when the app takes over.
 */
export function StatusScreen({ title, message, busy = false, actions }: StatusScreenProps) {
  return (
    <Box
      component="main"
      aria-busy={busy}
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 4 }}
    >
      <Stack spacing={4} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <img src="/favicon.svg" alt="" width={LOGO_SIZE} height={LOGO_SIZE} />
        {busy && <Spinner />}
        <Typography variant="h6" component="h1">
          {title}
        </Typography>
        {message && <Typography color="text.secondary">{message}</Typography>}
        {actions && (
          <Stack direction="row" spacing={2}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
