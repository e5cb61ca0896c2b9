import { useEffect, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { warmGet } from '../../providers/httpClient';
import { isLazyScreen, type ResourceManifest } from './manifest';

/** A page of its own path (src/pages). */
interface PathScreen {
  path: string;
  screen: ComponentType;
}

/** A screen's code fetched ahead of its visit: a failure is left for the visit itself to show. */
const start = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/**
 * Starts loading the code of the screen shown at `pathname` (a resource's list, create or edit
 * screen, one of its own routes, or a page) and of its data-provider entries, so that opening
 * it waits for its data only. Nothing is shown or rendered; an unknown path loads nothing.
 */
export function preloadScreenAt(pathname: string, resources: readonly ResourceManifest[], pages: readonly PathScreen[]): void {
  for (const { path, screen } of pages) if (isLazyScreen(screen) && matchPath(path, pathname)) start(screen.preload);
  for (const resource of resources) {
    const base = `/${resource.name}`;
    const screens: (ComponentType | undefined)[] = [];
    if (pathname === base) screens.push(resource.list);
    else if (pathname === `${base}/create`) screens.push(resource.create);
    else if (matchPath(`${base}/:id`, pathname)) screens.push(resource.edit);
    for (const route of resource.routes ?? []) if (matchPath(route.path, pathname)) screens.push(route.screen);
    const lazyScreens = screens.filter(isLazyScreen);
    if (lazyScreens.length === 0) continue;
    for (const screen of lazyScreens) start(screen.preload);
    for (const load of Object.values(resource.data)) start(load);
  }
}

/**
 * Starts the first request of the list at `pathname` (when its resource declares one), right
 * after the login and before the list's code has rendered; the list takes its answer
 * (src/providers/httpClient.ts). Other screens are left to ask for themselves.
 */
export function warmListAt(pathname: string, resources: readonly ResourceManifest[]): void {
  for (const resource of resources) {
    if (pathname !== `/${resource.name}` || !resource.firstListRequest) continue;
    void resource
      .firstListRequest()
      .then(warmGet)
      .catch(() => undefined);
  }
}

/** How long after the menu shows its screens' code starts loading: the first screen's own requests and rendering come first. */
export const MENU_PRELOAD_DELAY_MS = 4000;

/**
 * Once the menu has shown and the browser is idle, loads the code of the screens its entries
 * open, so that a menu click waits for the screen's data only. Nothing renders; a path whose
 * code is there already costs nothing.
 */
export function usePreloadMenu(paths: readonly string[], resources: readonly ResourceManifest[]): void {
  const key = paths.join('\n');
  useEffect(() => {
    let idle: number | undefined;
    const preload = () => {
      for (const path of key.split('\n')) preloadScreenAt(path, resources, []);
    };
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(preload, { timeout: 5000 });
      else preload();
    }, MENU_PRELOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [key, resources]);
}
