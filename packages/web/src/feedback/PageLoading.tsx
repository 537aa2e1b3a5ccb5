import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A page or part of one that is loading; `minHeight` reserves the space of what comes, so nothing shifts. */
export function PageLoading({ minHeight }: { minHeight?: string }) {
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 16, minHeight }}>
      <CircularProgress aria-hidden />
    </Box>
  );
}
