import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpandLessIcon, ExpandMoreIcon } from '../icons/icons.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';
import { MenuError } from './MenuError.tsx';
import { MenuPopover } from './MenuPopover.tsx';
import { MenuIcon } from './menuIcons.tsx';
import type { MenuNode } from './menuModel.ts';
import { useIsActive, useMenuLinkProps } from './useMenu.ts';

type ListProps = {
  nodes: MenuNode[];
  /** Icons only, as in the mini drawer. */
  mini?: boolean;
  /** Nesting depth, for the indentation of collapsible groups. */
  level?: number;
  /** Called after an entry was chosen, e.g. to close a temporary drawer or popup. */
  onNavigate?: () => void;
};

/** The menu as a vertical list: in the drawer, and inside the horizontal and bottom menus' popups. */
export function MenuList({ nodes, mini = false, level = 0, onNavigate }: ListProps) {
  return (
    <List disablePadding={level > 0} dense={level > 0}>
      {nodes.map((node) => (
        <MenuListNode key={node.id} node={node} mini={mini} level={level} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

/** One entry of the list, of any kind or of the kind named. */
type EntryProps<Kind extends MenuNode['kind'] = MenuNode['kind']> = {
  node: Extract<MenuNode, { kind: Kind }>;
  mini: boolean;
  level: number;
} & Pick<ListProps, 'onNavigate'>;

function MenuListNode({ node, mini, level, onNavigate }: EntryProps) {
  switch (node.kind) {
    case 'item':
      return <MenuListItem node={node} mini={mini} level={level} onNavigate={onNavigate} />;
    case 'group':
      return <MenuListGroup node={node} mini={mini} level={level} onNavigate={onNavigate} />;
    case 'collapse':
      return mini ? (
        <MiniCollapse node={node} onNavigate={onNavigate} />
      ) : (
        <MenuListCollapse node={node} level={level} onNavigate={onNavigate} />
      );
    case 'error':
      return <MenuError node={node} />;
  }
}

const indent = (level: number) => ({ pl: 4 + level * 4 });

function MenuListItem({ node, mini, level, onNavigate }: EntryProps<'item'>) {
  const { t } = useTranslation('application');
  const isActive = useIsActive();
  const linkProps = useMenuLinkProps();
  const title = t(node.title);
  const selected = isActive(node);
  const button = (
    <ListItemButton
      component="a"
      {...linkProps(node.link, onNavigate)}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      aria-label={mini ? title : undefined}
      sx={mini ? { justifyContent: 'center', px: 1, minHeight: 44 } : { ...indent(level), minHeight: 44 }}
    >
      <ListItemIcon sx={mini ? { minWidth: 0 } : { minWidth: 40 }}>
        <MenuIcon name={node.icon} fontSize={level > 0 ? 'small' : 'medium'} />
      </ListItemIcon>
      {!mini && <ListItemText primary={title} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {mini ? (
        <LazyTooltip title={title} placement="right">
          {button}
        </LazyTooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

function MenuListGroup({ node, mini, level, onNavigate }: EntryProps<'group'>) {
  const { t } = useTranslation('application');
  const headingId = useId();
  return (
    <li>
      {mini ? (
        <Divider sx={{ my: 1 }} />
      ) : (
        <ListSubheader
          id={headingId}
          component="div"
          disableSticky
          sx={{ bgcolor: 'transparent', lineHeight: '36px', mt: 1 }}
        >
          {t(node.title)}
        </ListSubheader>
      )}
      <List
        disablePadding
        aria-labelledby={mini ? undefined : headingId}
        aria-label={mini ? t(node.title) : undefined}
      >
        {node.children.map((child) => (
          <MenuListNode key={child.id} node={child} mini={mini} level={level} onNavigate={onNavigate} />
        ))}
      </List>
    </li>
  );
}

function MenuListCollapse({
  node,
  level,
  onNavigate,
}: { node: Extract<MenuNode, { kind: 'collapse' }>; level: number } & Pick<ListProps, 'onNavigate'>) {
  const { t } = useTranslation('application');
  const isActive = useIsActive();
  const [open, setOpen] = useState(() => isActive(node));
  const childrenId = useId();
  return (
    <li>
      <ListItemButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={childrenId}
        selected={!open && isActive(node)}
        sx={{ ...indent(level), minHeight: 44 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <MenuIcon name={node.icon} fontSize={level > 0 ? 'small' : 'medium'} />
        </ListItemIcon>
        <ListItemText primary={t(node.title)} />
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={childrenId}>
        <MenuList nodes={node.children} level={level + 1} onNavigate={onNavigate} />
      </Collapse>
    </li>
  );
}

/** In the mini drawer there is no room to unfold, so a collapsible group opens as a popover. */
function MiniCollapse({
  node,
  onNavigate,
}: { node: Extract<MenuNode, { kind: 'collapse' }> } & Pick<ListProps, 'onNavigate'>) {
  const { t } = useTranslation('application');
  const isActive = useIsActive();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const title = t(node.title);
  const close = () => setAnchor(null);
  return (
    <li>
      <LazyTooltip title={title} placement="right">
        <ListItemButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={title}
          aria-haspopup="true"
          aria-expanded={anchor !== null}
          selected={isActive(node)}
          sx={{ justifyContent: 'center', px: 1, minHeight: 44 }}
        >
          <ListItemIcon sx={{ minWidth: 0 }}>
            <MenuIcon name={node.icon} />
          </ListItemIcon>
        </ListItemButton>
      </LazyTooltip>
      <MenuPopover
        anchor={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        minWidth={220}
      >
        <MenuList
          nodes={node.children}
          onNavigate={() => {
            close();
            onNavigate?.();
          }}
        />
      </MenuPopover>
    </li>
  );
}
