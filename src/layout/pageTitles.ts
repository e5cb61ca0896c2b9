import type { ResourceManifest } from '../resources/common/manifest';

/** The translation key of a page's name, and whether it is a resource's plural name. */
export interface PageTitle {
  key: string;
  plural: boolean;
}

/** The app's own pages, by exact path. */
const APP_PAGES: Readonly<Record<string, string>> = {
  '/': 'app.home',
  '/login': 'auth.title',
  '/logout': 'logout.title',
  '/settings': 'app.settings.title',
  '/settings/twoFactor': 'secondFactor.title',
};

type TitledResource = Pick<ResourceManifest, 'name' | 'routes' | 'title'>;

/**
 * The path patterns a resource names its pages by: react-admin's own `/<name>`, the spec's
 * paths it routes, and the further ones its manifest adds. Each covers what lies below it.
 */
export const titlePaths = ({ name, routes = [], title }: TitledResource): string[] =>
  title === false ? [] : [`/${name}`, ...routes.map((route) => route.path), ...(title?.paths ?? [])];

/** How many segments of `pathname` the pattern covers from its start, or 0 if it does not. */
const coveredSegments = (pattern: string, segments: readonly string[]): number => {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length > segments.length) return 0;
  return parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])) ? parts.length : 0;
};

/**
 * The page name of a path: an app page by its exact path, else the resource whose pattern
 * covers most of the path (`/city/3/districts` is a district page, `/city/3` a city's).
 */
export const pageTitleOf = (pathname: string, resources: readonly TitledResource[]): PageTitle | undefined => {
  const page = APP_PAGES[pathname];
  if (page) return { key: page, plural: false };
  const segments = pathname.split('/').slice(1);
  let best: { resource: TitledResource; covered: number } | undefined;
  for (const resource of resources) {
    for (const pattern of titlePaths(resource)) {
      const covered = coveredSegments(pattern, segments);
      if (covered > (best?.covered ?? 0)) best = { resource, covered };
    }
  }
  if (!best) return undefined;
  const { name, title } = best.resource;
  return { key: `resources.${name}.name`, plural: title === false || title?.plural !== false };
};
