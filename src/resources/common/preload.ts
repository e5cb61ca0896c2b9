import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
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
