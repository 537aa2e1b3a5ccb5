import type { Principal } from '@parkhere/contract';
import type { ComponentType } from 'react';
import type { MenuItem } from './types.ts';

/**
 * The extension points SPEC §2.1, §2.3, §2.7 and §8 name, in one place so a plug-in only needs this module:
 * a page replaced by a plug-in service, a menu customizer, an error interceptor and a navigation-path decorator.
 */
export type PageLoader = () => Promise<{ default: ComponentType }>;
export type MenuCustomizer = (items: MenuItem[], principal: Principal) => MenuItem[];
/** Sees every API error before the catalogue does; returning true means handled, so no toast is shown. */
export type ErrorInterceptor = (error: unknown) => boolean;
export type NavigationPathDecorator = (path: string) => string;

const pages = new Map<string, PageLoader>();
let menuCustomizer: MenuCustomizer | undefined;
let errorInterceptor: ErrorInterceptor | undefined;
let navigationPathDecorator: NavigationPathDecorator | undefined;

export function registerPage(routeId: string, loader: PageLoader): void {
  pages.set(routeId, loader);
}

export function pageOverride(routeId: string): PageLoader | undefined {
  return pages.get(routeId);
}

export function setMenuCustomizer(customizer: MenuCustomizer | undefined): void {
  menuCustomizer = customizer;
}

export function getMenuCustomizer(): MenuCustomizer | undefined {
  return menuCustomizer;
}

export function setErrorInterceptor(interceptor: ErrorInterceptor | undefined): void {
  errorInterceptor = interceptor;
}

export function getErrorInterceptor(): ErrorInterceptor | undefined {
  return errorInterceptor;
}

export function setNavigationPathDecorator(decorator: NavigationPathDecorator | undefined): void {
  navigationPathDecorator = decorator;
}

export function getNavigationPathDecorator(): NavigationPathDecorator | undefined {
  return navigationPathDecorator;
}

/** Applies the decorator if one is registered; callers never need to check. */
export function decorateNavigationPath(path: string): string {
  return navigationPathDecorator ? navigationPathDecorator(path) : path;
}

/** Applies the customizer if one is registered. */
export function customizeMenu(items: MenuItem[], principal: Principal): MenuItem[] {
  return menuCustomizer ? menuCustomizer(items, principal) : items;
}

/** Forgets every registration; tests use it to start clean. */
export function resetExtensions(): void {
  pages.clear();
  menuCustomizer = undefined;
  errorInterceptor = undefined;
  navigationPathDecorator = undefined;
}
