import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';

/**
 * How long a wait shows no spinner. A shorter wait feels immediate without one, and a spinner costs a frame
 * every 16 ms (its dash is repainted, the page composited again) during the very start it stands for: on a
 * phone's first second that competes with the code that builds the screen (issue 31, TBT).
 */
export const SPINNER_DELAY_MS = 800;

/**
 * The indeterminate spinner of a page or screen still loading, shown only once the wait has lasted
 * SPINNER_DELAY_MS. Before that its place is kept (nothing moves when it comes) and still marked as a progress
 * indicator, so whatever waits for the loading to end (a test, an audit) sees it from the start.
 */
export function Spinner({ size = 40 }: { size?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? (
    <CircularProgress size={size} aria-hidden />
  ) : (
    <Box role="progressbar" aria-hidden sx={{ width: size, height: size }} />
  );
}
