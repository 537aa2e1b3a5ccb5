/** On paper only the page itself: the shell (bar, menus, breadcrumb, footer) and the page's buttons go. */
export const PRINT_STYLES = {
  '@media print': {
    'header, nav, footer, .MuiAppBar-root, .MuiDrawer-root, .MuiBottomNavigation-root, .MuiBreadcrumbs-root, .no-print':
      { display: 'none !important' },
    'main, main > *': { margin: '0 !important', padding: '0 !important', width: '100% !important' },
    body: { background: '#fff' },
  },
} as const;
