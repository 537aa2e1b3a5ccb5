import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The one heading of a page: every screen's title has the same size and weight, so no page (the dashboard
 * once was) shouts louder than the others.
 */
export function PageTitle({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Typography variant="h5" component="h1" sx={sx}>
      {children}
    </Typography>
  );
}
