import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function PageFooter() {
  return (
    <Box component="footer" sx={{ py: 4, px: 6, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        ParkHere © {new Date().getFullYear()}
      </Typography>
    </Box>
  );
}
