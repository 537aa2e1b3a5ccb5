import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Whether the screen is below the small breakpoint (600 px), where lists are cards (issue 14 item 21). */
export function usePhoneWidth(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}
