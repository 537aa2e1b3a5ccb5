import { createContext, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useProvided } from '../context/useProvided.ts';
import { decorateNavigationPath } from '../extensions/registry.ts';
import { screenPath } from '../screens/screens.ts';
import {
  applyLocationChange,
  breadcrumb,
  type Crumb,
  NOT_ON_STACK,
  type StackEntry,
  setTitle as setEntryTitle,
  TITLE_WARNING,
} from './backStack.ts';
import { trail } from './trail.ts';

export type NavigateOptions = { external?: boolean; replace?: boolean };

/** What moves between pages; it stays the same object while the app runs. */
export type NavigationActions = {
  /** Returns to the previous page, or to the home page when there is none. */
  back(): void;
  /** Opens a path (after the registered decorator); `external` sets the browser location directly. */
  navigate(path: string, options?: NavigateOptions): void;
  /** Returns to a breadcrumb item. */
  open(crumb: Crumb): void;
  /** Names the page visited under a location key. */
  setTitle(key: string, title: string): void;
};

export type Navigation = NavigationActions & {
  /** The visited pages, the current one last. */
  stack: StackEntry[];
  crumbs: Crumb[];
};

const NavigationContext = createContext<Navigation | undefined>(undefined);
/**
 * The actions alone, for what only moves (the header, the menus, a page's links and title): a page naming itself
 * or a new entry on the stack then re-renders the breadcrumb, not the whole shell and page with it (the page's
 * title arrived in the same pass as an administrator's table, issue 31 §1).
 */
const NavigationActionsContext = createContext<NavigationActions | undefined>(undefined);

export function NavigationProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const routerNavigate = useNavigate();
  const { t } = useTranslation('application');
  const [stack, setStack] = useState<StackEntry[]>(() => [{ key: location.key, path: location.pathname }]);
  const [seenKey, setSeenKey] = useState(location.key);
  // Applied while rendering, so the new page's usePageTitle already finds its own entry on the stack.
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setStack(
      applyLocationChange(stack, { type: navigationType, key: location.key, path: location.pathname }),
    );
  }
  const latest = useRef(stack);
  const left = useRef<StackEntry | undefined>(undefined);

  useEffect(() => {
    const page = left.current;
    if (page && page.key !== location.key && page.title === undefined) {
      console.warn(TITLE_WARNING);
    }
  }, [location.key]);

  useEffect(() => {
    latest.current = stack;
    left.current = stack.at(-1);
  }, [stack]);

  const navigate = useCallback(
    (path: string, options: NavigateOptions = {}) => {
      const target = decorateNavigationPath(path);
      if (options.external) {
        window.location.assign(target);
        return;
      }
      void routerNavigate(target, { replace: options.replace ?? false });
    },
    [routerNavigate],
  );

  const back = useCallback(() => {
    if (latest.current.length > 1) {
      void routerNavigate(-1);
      return;
    }
    navigate(screenPath('dashboard'));
  }, [navigate, routerNavigate]);

  const open = useCallback(
    (crumb: Crumb) => {
      if (crumb.depth === 0) {
        return;
      }
      if (crumb.depth === NOT_ON_STACK) {
        navigate(crumb.path);
        return;
      }
      void routerNavigate(-crumb.depth);
    },
    [navigate, routerNavigate],
  );

  const setTitle = useCallback(
    (key: string, title: string) => setStack((previous) => setEntryTitle(previous, key, title)),
    [],
  );

  const pageTitle = stack.at(-1)?.title;
  const crumbs = useMemo(
    () =>
      breadcrumb(
        stack,
        trail(location.pathname, {
          home: { label: t('navigation.home'), path: screenPath('dashboard') },
          pageTitle: pageTitle === '' ? undefined : pageTitle,
          screenLabel: (screen) => t(screen.titleKey),
        }),
      ),
    [stack, location.pathname, pageTitle, t],
  );
  const actions = useMemo<NavigationActions>(
    () => ({ back, navigate, open, setTitle }),
    [back, navigate, open, setTitle],
  );
  const value = useMemo<Navigation>(() => ({ ...actions, stack, crumbs }), [actions, stack, crumbs]);
  return (
    <NavigationActionsContext value={actions}>
      <NavigationContext value={value}>{children}</NavigationContext>
    </NavigationActionsContext>
  );
}

/** The stack, the breadcrumb and the actions: its users re-render whenever the stack or a title changes. */
export function useNavigation(): Navigation {
  return useProvided(NavigationContext, 'useNavigation must be used within a NavigationProvider');
}

/** The actions only, which do not change while the app runs (prefer it where the stack is not shown). */
export function useNavigationActions(): NavigationActions {
  return useProvided(
    NavigationActionsContext,
    'useNavigationActions must be used within a NavigationProvider',
  );
}

/** Names the current page for the back stack, the breadcrumb and the browser tab. */
export function usePageTitle(title: string): void {
  const { setTitle } = useNavigationActions();
  const { key } = useLocation();
  useEffect(() => {
    setTitle(key, title);
    document.title = `${title} | ParkHere`;
  }, [setTitle, key, title]);
}
