import type { Principal } from '@parkhere/contract';

/** One entry of the navigation menu (SPEC §2.3). `title` is a translation key, `icon` a MUI icon name. */
export type MenuItem = {
  id: string;
  type: 'group' | 'collapse' | 'item';
  title: string;
  icon?: string;
  url?: string;
  hiddenBy?: (principal: Principal) => boolean;
  children?: MenuItem[];
};
