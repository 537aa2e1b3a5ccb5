import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageLoading() {
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 16 }}>
      <CircularProgress aria-hidden />
    </Box>
  );
}
