import type { PopoverProps } from '@mui/material/Popover';
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../feedback/openedOnce.ts';
import { POPOVER_MENU_OFFSET } from '../theme/layout.ts';

const Popover = lazy(() => import('@mui/material/Popover'));

const POPOVER_MAX_HEIGHT = `calc(100vh - ${POPOVER_MENU_OFFSET}px)`;

/**
 * MUI's Popover, loaded when it first opens: the menus' popups are not part of the first paint. It stays
 * mounted after that, so closing animates as before. Its paper is at least `minWidth` wide and ends above the
 * bottom of the screen.
 */
export function MenuPopover({ minWidth, ...props }: Omit<PopoverProps, 'slotProps'> & { minWidth: number }) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <Popover {...props} slotProps={{ paper: { sx: { maxHeight: POPOVER_MAX_HEIGHT, minWidth } } }} />
    </Suspense>
  ) : null;
}
