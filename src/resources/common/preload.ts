import { createContext, useContext, useEffect, type ComponentType, type MouseEvent } from 'react';
import { matchPath, useNavigate } from 'react-router-dom';
import { warmGet } from '../../providers/httpClient';
import { isLazyScreen, type LazyScreen, type ResourceManifest } from './manifest';

/** A page of its own path (src/pages). */
export interface PathScreen {
  path: string;
  screen: ComponentType;
}

/** Every screen of the app, for the menu to load their code ahead: the app provides them (the layout does not import pages). */
export interface AppScreens {
  resources: readonly ResourceManifest[];
  pages: readonly PathScreen[];
}
export const AppScreensContext = createContext<AppScreens>({ resources: [], pages: [] });

/** A screen's code fetched ahead of its visit: a failure is left for the visit itself to show. */
const start = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/** The lazily loaded screens shown at `pathname`, and the data-provider entries of their resources. */
function codeAt(
  pathname: string,
  resources: readonly ResourceManifest[],
  pages: readonly PathScreen[],
): { screens: LazyScreen[]; data: (() => Promise<unknown>)[] } {
  const screens: LazyScreen[] = [];
  const data: (() => Promise<unknown>)[] = [];
  for (const { path, screen } of pages) if (isLazyScreen(screen) && matchPath(path, pathname)) screens.push(screen);
  for (const resource of resources) {
    const base = `/${resource.name}`;
    const shown: (ComponentType | undefined)[] = [];
    if (pathname === base) shown.push(resource.list);
    else if (pathname === `${base}/create`) shown.push(resource.create);
    else if (matchPath(`${base}/:id`, pathname)) shown.push(resource.edit);
    for (const route of resource.routes ?? []) if (matchPath(route.path, pathname)) shown.push(route.screen);
    const lazyScreens = shown.filter(isLazyScreen);
    if (lazyScreens.length === 0) continue;
    screens.push(...lazyScreens);
    data.push(...Object.values(resource.data));
  }
  return { screens, data };
}

/**
 * Starts loading the code of the screen shown at `pathname` (a resource's list, create or edit
 * screen, one of its own routes, or a page) and of its data-provider entries, so that opening
 * it waits for its data only. Nothing is shown or rendered; an unknown path loads nothing.
 */
export function preloadScreenAt(pathname: string, resources: readonly ResourceManifest[], pages: readonly PathScreen[]): void {
  const { screens, data } = codeAt(pathname, resources, pages);
  for (const screen of screens) start(screen.preload);
  for (const load of data) start(load);
}

/** The longest a menu click waits for its screen's code before showing the screen anyway (its loading state then). */
export const MENU_CODE_WAIT_MS = 1500;

/**
 * A menu entry's handlers: pointing at it or focusing it starts loading its screen's code; a
 * click on a screen whose code is not there yet goes there once it is (at most
 * MENU_CODE_WAIT_MS later). Shown before its code, a screen suspends, and React then holds it
 * back for 300 ms after its loading state showed: the menu's clicks waited for that, not for
 * the code (a few kilobytes, fetched in milliseconds). A click with a modifier (a new tab) is
 * the browser's.
 */
export function useMenuEntry(path: string) {
  const { resources, pages } = useContext(AppScreensContext);
  const navigate = useNavigate();
  const preload = () => preloadScreenAt(path, resources, pages);
  return {
    onPointerEnter: preload,
    onFocus: preload,
    onClick: (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const { screens, data } = codeAt(path, resources, pages);
      for (const load of data) start(load);
      const missing = screens.filter((screen) => !screen.loaded());
      if (missing.length === 0) return;
      event.preventDefault();
      const loads = Promise.all(missing.map((screen) => screen.preload())).catch(() => undefined);
      const cap = new Promise<void>((resolve) => setTimeout(resolve, MENU_CODE_WAIT_MS));
      void Promise.race([loads, cap]).then(() => navigate(path));
    },
  };
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
export function usePreloadMenu(paths: readonly string[]): void {
  const { resources, pages } = useContext(AppScreensContext);
  const key = paths.join('\n');
  useEffect(() => {
    let idle: number | undefined;
    const preload = () => {
      for (const path of key.split('\n')) preloadScreenAt(path, resources, pages);
    };
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(preload, { timeout: 5000 });
      else preload();
    }, MENU_PRELOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [key, resources, pages]);
}
