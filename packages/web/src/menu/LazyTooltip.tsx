import type { TooltipProps } from '@mui/material/Tooltip';
import { type ComponentType, useEffect, useState } from 'react';

type Tooltip = ComponentType<TooltipProps>;

let loaded: Tooltip | undefined;
let loading: Promise<Tooltip> | undefined;

function loadTooltip(): Promise<Tooltip> {
  loading ??= import('@mui/material/Tooltip').then(({ default: tooltip }) => {
    loaded = tooltip;
    return tooltip;
  });
  return loading;
}

/**
 * MUI's Tooltip, which brings Popper, for the mini drawer's icon entries: until it has loaded (once, when
 * the first such entry shows) the entry renders without it. Each entry carries its title as aria-label too,
 * so only the visual hint waits.
 */
export function LazyTooltip({
  title,
  placement,
  children,
}: Pick<TooltipProps, 'title' | 'placement' | 'children'>) {
  const [Tooltip, setTooltip] = useState<Tooltip | undefined>(() => loaded);
  useEffect(() => {
    if (Tooltip) {
      return;
    }
    let current = true;
    void loadTooltip().then((tooltip) => {
      if (current) {
        setTooltip(() => tooltip);
      }
    });
    return () => {
      current = false;
    };
  }, [Tooltip]);
  return Tooltip ? (
    <Tooltip title={title} placement={placement}>
      {children}
    </Tooltip>
  ) : (
    children
  );
}
