/** Layout constants of SPEC §9, in pixels unless named otherwise. */
export const DRAWER_WIDTH = 260;
export const MINI_DRAWER_WIDTH = 60;
export const THEME_DRAWER_WIDTH = 340;
export const PROFILE_MENU_MIN = 240;
export const PROFILE_MENU_MAX = 290;
export const PROFILE_MENU_MAX_SMALL = 250;
export const BOTTOM_MENU_ITEMS = 3;
export const HORIZONTAL_SCROLL_STEP = 300;
export const POPOVER_MENU_OFFSET = 170;
export const SCROLL_TO_TOP_DELAY_MS = 200;
export const BREADCRUMB_MAX = 5;
