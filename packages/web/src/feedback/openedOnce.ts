import { useState } from 'react';

/**
 * Whether a popup has been open at least once. A popup whose code loads on its first opening renders from
 * then on and stays mounted after closing, so its closing animates.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) {
    setOpened(true);
  }
  return opened;
}
