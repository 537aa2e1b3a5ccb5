import type { PopoverProps } from '@mui/material/Popover';
import { lazy, Suspense, useState } from 'react';

const Popover = lazy(() => import('@mui/material/Popover'));

/**
 * MUI's Popover, loaded when it first opens: the menus' popups are not part of the first paint. It stays
 * mounted after that, so closing animates as before.
 */
export function MenuPopover(props: PopoverProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) {
    setOpened(true);
  }
  return opened ? (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  ) : null;
}
