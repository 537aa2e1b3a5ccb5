import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useOnResize } from '../layout/useOnResize.ts';

/** Whether the element's content is wider than the element, measured again whenever either changes size. */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    setScrolls(element !== null && element.scrollWidth > element.clientWidth + 1);
  }, []);
  useOnResize(ref, measure, { children: true });
  return { ref, scrolls };
}

/**
 * A table wider than the screen scrolls sideways in this named region (WCAG 2.1.1): while it scrolls, the
 * region is a tab stop with a visible focus ring, so the arrow keys scroll it for anyone without a mouse or
 * touch screen; while everything fits, it is no extra stop. The scroller stays outside the table's own
 * roles (a grid or table owns rows, not a focusable scroller).
 */
export function ScrollRegion({
  label,
  children,
  sx,
}: {
  label: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const { ref, scrolls } = useScrollsSideways();
  return (
    <Box
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
      sx={[
        {
          overflowX: 'auto',
          borderRadius: 1,
          '&:focus-visible': {
            outline: (theme) => `2px solid ${theme.palette.primary.main}`,
            outlineOffset: '2px',
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
