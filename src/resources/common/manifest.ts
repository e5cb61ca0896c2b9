import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType, ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import type { Action, ResourceName, RoleId, SessionUser } from '../../domain';
import type { appEn } from '../../i18n/en';
import type { DataEntries } from '../../providers/dataProvider';
import { preloadable, type Preloadable } from './preloadable';

/**
 * Everything the app needs to know about one resource, declared in its folder's index.ts:
 * App.tsx, the data provider, the menu and the tab titles are built from the list of these
 * (src/resources/index.ts); its texts are its folder's messages.ts, found by folder. Screens
 * and data-provider entries load with their first use, so the login page carries none of them.
 */
export interface ResourceManifest {
  /** One of the resources of the access rules (src/domain/access.ts). */
  name: ResourceName;
  icon: SvgIconComponent;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
  /**
   * The spec's own paths that react-admin does not make (`/tag`, `/city/:id`), each with its
   * screen and the action on this resource it needs (its list and edit need `list` and `edit`):
   * a role without that grant, or a path naming another city or restaurant (`place`), gets the
   * Not-available page and the screen never loads (src/resources/common/routes.tsx).
   */
  routes?: readonly ScreenRoute[];
  /**
   * The browser tab's title on its pages (`/<name>`, its routes and these further paths, each
   * with what lies below it): its plural name unless `plural` is false; `false` for no title.
   */
  title?: false | { plural?: false; paths?: readonly string[] };
  /** Its entries in the role menus, which show its icon. */
  menu?: readonly MenuEntry[];
  /** The data-provider entries it brings, by react-admin resource name. */
  data: DataEntries;
  /**
   * The address of the first request its list makes, as the list will make it: the login
   * starts it when it leads to this list, so that the rows come while the screen draws.
   */
  firstListRequest?: () => Promise<string>;
}

/** The path parameter naming the city or the restaurant a screen belongs to. */
export type PathPlace = { city: string } | { restaurant: string };

export interface ScreenRoute {
  path: string;
  screen: ComponentType;
  action: Action;
  place?: PathPlace;
}

/** A menu entry's id: its label is the app text `menu.<id>` (logout is the app's own entry, not a resource's). */
export type MenuItemId = Exclude<keyof typeof appEn.menu, 'logout'>;

/** What a menu path may fill in: the user's own city and restaurant. */
export type MenuUser = Pick<SessionUser, 'cityId' | 'restaurantId'>;

export interface MenuEntry {
  id: MenuItemId;
  /** The route, with the user's own city or restaurant filled in. */
  path: (user: MenuUser) => string;
  /**
   * Its place in the menu of each role that sees it (the order of spec section 2): the entries
   * stand in tens (10, 20, ...), so a new entry takes a number between its neighbours' and no
   * other manifest changes.
   */
  places: Readonly<Partial<Record<RoleId, number>>>;
}

/** A screen whose code loads on its first visit, or earlier through `preload`. */
export type LazyScreen = Preloadable<object>;

/**
 * A screen loaded on its first visit, from a module's named export. `preload` starts the same
 * load before the visit (the login page does it for the screen the user is going to), so the
 * visit finds the code there and renders it without suspending; a failed load is tried again
 * by the next call.
 */
export const screen = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K): LazyScreen =>
  preloadable(async () => (await load())[name]);

/** Whether a screen component loads lazily and can be fetched before its visit. */
export const isLazyScreen = (component: ComponentType | undefined): component is ComponentType & LazyScreen =>
  component !== undefined && 'preload' in component && typeof component.preload === 'function';
