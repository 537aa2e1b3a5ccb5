import Box from '@mui/material/Box';
import { Spinner } from './Spinner.tsx';

export function PageLoading() {
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 16 }}>
      <Spinner />
    </Box>
  );
}
