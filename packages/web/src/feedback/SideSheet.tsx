import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

export type SideSheetProps = {
  open: boolean;
  onClose(): void;
  /** The id of the sheet's title, which names it. */
  titleId: string;
  /** From the small breakpoint up; below it the sheet fills the screen. */
  width: number;
  role?: 'dialog';
  children: ReactNode;
};

/** A temporary drawer on the right (SPEC §2.4): the theme settings, a table's filter dialog. */
export function SideSheet({ open, onClose, titleId, width, role, children }: SideSheetProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the header, which itself sits above the permanent drawer, so the title is not hidden under it.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          ...(role === undefined ? {} : { role }),
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: width } },
        },
      }}
    >
      {children}
    </Drawer>
  );
}
