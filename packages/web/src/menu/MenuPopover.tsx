import type { PopoverProps } from '@mui/material/Popover';
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../feedback/openedOnce.ts';
import { POPOVER_MENU_OFFSET } from '../theme/layout.ts';

const Popover = lazy(() => import('@mui/material/Popover'));

const POPOVER_MAX_HEIGHT = `calc(100vh - ${POPOVER_MENU_OFFSET}px)`;

/**
 * MUI's Popover, loaded when it first opens: the menus' popups are not part of the first paint. It stays
 * mounted after that, so closing animates as before. It is open while it has an anchor; its paper is at least
 * `minWidth` wide and ends above the bottom of the screen.
 */
export function MenuPopover({
  anchor,
  minWidth,
  ...props
}: Omit<PopoverProps, 'open' | 'anchorEl' | 'slotProps'> & { anchor: HTMLElement | null; minWidth: number }) {
  const open = anchor !== null;
  const opened = useOpenedOnce(open);
  return opened ? (
    <Suspense fallback={null}>
      <Popover
        {...props}
        open={open}
        anchorEl={anchor}
        slotProps={{ paper: { sx: { maxHeight: POPOVER_MAX_HEIGHT, minWidth } } }}
      />
    </Suspense>
  ) : null;
}
