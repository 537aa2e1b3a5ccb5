import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnResize } from '../components/layout/useOnResize.ts';
import { ChevronLeftIcon, ChevronRightIcon, ExpandMoreIcon } from '../icons/icons.tsx';
import { HORIZONTAL_SCROLL_STEP } from '../theme/layout.ts';
import { MenuError } from './MenuError.tsx';
import { MenuList } from './MenuList.tsx';
import { MenuPopover } from './MenuPopover.tsx';
import { MenuIcon } from './menuIcons.tsx';
import type { MenuNode } from './menuModel.ts';
import { useIsActive, useMenuLinkProps } from './useMenu.ts';

/** The menu as one row in the header; it scrolls sideways in 300 px steps when it doesn't fit. */
export function HorizontalMenu({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation('application');
  const row = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const element = row.current;
    if (!element) {
      return;
    }
    setOverflow({
      left: element.scrollLeft > 0,
      right: element.scrollLeft + element.clientWidth < element.scrollWidth - 1,
    });
  }, []);

  useOnResize(row, measure);

  const scroll = (direction: -1 | 1) =>
    row.current?.scrollBy({ left: direction * HORIZONTAL_SCROLL_STEP, behavior: 'smooth' });

  return (
    <Box
      component="nav"
      aria-label={t('menu.mainMenu')}
      sx={{ display: 'flex', alignItems: 'center', minWidth: 0, flex: 1 }}
    >
      {overflow.left && (
        <IconButton color="inherit" size="small" aria-label={t('menu.scrollLeft')} onClick={() => scroll(-1)}>
          <ChevronLeftIcon />
        </IconButton>
      )}
      <Box
        ref={row}
        onScroll={measure}
        component="ul"
        sx={{
          display: 'flex',
          gap: 0.5,
          m: 0,
          p: 0,
          listStyle: 'none',
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          minWidth: 0,
        }}
      >
        {nodes.map((node) => (
          <Box component="li" key={node.id} sx={{ flexShrink: 0 }}>
            <HorizontalEntry node={node} />
          </Box>
        ))}
      </Box>
      {overflow.right && (
        <IconButton color="inherit" size="small" aria-label={t('menu.scrollRight')} onClick={() => scroll(1)}>
          <ChevronRightIcon />
        </IconButton>
      )}
    </Box>
  );
}

const entrySx = { textTransform: 'none', whiteSpace: 'nowrap', px: 3, fontSize: '1rem' } as const;
const activeSx = { color: 'primary.main', bgcolor: 'action.selected', fontWeight: 600 } as const;

function HorizontalEntry({ node }: { node: MenuNode }) {
  const { t } = useTranslation('application');
  const isActive = useIsActive();
  const linkProps = useMenuLinkProps();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  switch (node.kind) {
    case 'item': {
      const active = isActive(node);
      return (
        <Button
          component="a"
          {...linkProps(node.link)}
          color="inherit"
          aria-current={active ? 'page' : undefined}
          startIcon={<MenuIcon name={node.icon} />}
          sx={{ ...entrySx, ...(active && activeSx) }}
        >
          {t(node.title)}
        </Button>
      );
    }
    case 'group':
    case 'collapse': {
      const close = () => setAnchor(null);
      return (
        <>
          <Button
            color="inherit"
            aria-haspopup="true"
            aria-expanded={anchor !== null}
            onClick={(event) => setAnchor(event.currentTarget)}
            startIcon={<MenuIcon name={node.icon} />}
            endIcon={<ExpandMoreIcon />}
            sx={{ ...entrySx, ...(isActive(node) && activeSx) }}
          >
            {t(node.title)}
          </Button>
          <MenuPopover
            anchor={anchor}
            onClose={close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            minWidth={240}
          >
            <MenuList nodes={node.children} onNavigate={close} />
          </MenuPopover>
        </>
      );
    }
    case 'error':
      return <MenuError node={node} />;
  }
}
