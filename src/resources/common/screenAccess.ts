import { matchPath } from 'react-router-dom';
import { can, scopeOf, worksInCity, type Action, type ResourceName, type SessionUser } from '../../domain';
import type { PathPlace, ResourceManifest } from './manifest';

/** Who opens a screen: their role, city and restaurant. */
export type ScreenUser = Pick<SessionUser, 'roleId' | 'cityId' | 'restaurantId'>;

/** One screen of the app: its route, the grant it needs and the city or restaurant its path names. */
export interface ScreenOfApp {
  path: string;
  resource: ResourceName;
  action: Action;
  place?: PathPlace;
}

/** A positive id of a path, or null for anything else (the screen then says "Page not found" itself). */
const pathId = (text: string | undefined): number | null => (text !== undefined && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

/**
 * Whether a user may open a screen: their role has the grant (the rules of src/domain/access.ts,
 * which the API applies), and the city or restaurant the path names is theirs. Another
 * restaurant is known here for owners only; for the roles of a city, the API answers whether a
 * restaurant lies in their city (and the screen maps its 404 to the Not-available page).
 */
export function mayOpen(
  user: ScreenUser,
  screen: Omit<ScreenOfApp, 'path'>,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  if (!can(user.roleId, screen.resource, screen.action)) return false;
  const { place } = screen;
  if (!place) return true;
  if ('city' in place) {
    const cityId = pathId(params[place.city]);
    return cityId === null || worksInCity(user, cityId);
  }
  const restaurantId = pathId(params[place.restaurant]);
  if (restaurantId === null) return true;
  const scope = scopeOf(user);
  return scope.kind === 'all' || scope.kind === 'city' || (scope.kind === 'restaurant' && scope.restaurantId === restaurantId);
}

/**
 * Every screen the manifests declare: react-admin's list (`/name`, action `list`) and edit
 * (`/name/:id`, action `edit`) and the spec's own routes with the action each declares.
 */
export const screensOf = (resources: readonly Pick<ResourceManifest, 'name' | 'list' | 'edit' | 'routes'>[]): ScreenOfApp[] =>
  resources.flatMap(({ name, list, edit, routes = [] }) => [
    ...routes.map(({ path, action, place }) => ({ path, resource: name, action, ...(place ? { place } : {}) })),
    ...(list ? [{ path: `/${name}`, resource: name, action: 'list' as const }] : []),
    ...(edit ? [{ path: `/${name}/:id`, resource: name, action: 'edit' as const }] : []),
  ]);

/** The screen a path opens (the spec's own routes before react-admin's `/name/:id`), with its parameters. */
export function screenAt(screens: readonly ScreenOfApp[], pathname: string) {
  for (const screen of screens) {
    const match = matchPath(screen.path, pathname);
    if (match) return { screen, params: match.params };
  }
  return null;
}
