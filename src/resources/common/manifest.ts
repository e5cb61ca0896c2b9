import type { SvgIconComponent } from '@mui/icons-material';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import type { Locale, MenuItemId, ResourceName } from '../../domain';
import type { ResourceHandlers } from '../../providers/rest';

/**
 * Everything the app needs to know about one resource, declared in its folder's index.ts:
 * App.tsx, the data provider, the translations and the menu are built from the list of these
 * (src/resources/index.ts). Screens and data-provider entries load with their first use, so
 * the login page carries none of them.
 */
export interface ResourceManifest {
  /** One of the resources of the access rules (src/domain/access.ts). */
  name: ResourceName;
  icon: SvgIconComponent;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
  /** The spec's own paths that react-admin does not make (`/tag`, `/city/:id`), each with its screen. */
  routes?: readonly { path: string; screen: ComponentType }[];
  /**
   * The browser tab's title on its pages (`/<name>`, its routes and these further paths, each
   * with what lies below it): its plural name unless `plural` is false; `false` for no title.
   */
  title?: false | { plural?: false; paths?: readonly string[] };
  /** The menu entries that show this resource's icon. */
  menu?: readonly MenuItemId[];
  /** Its texts under `resources.<name>`, in each language. */
  messages: Readonly<Record<Locale, object>>;
  /** The data-provider entries it brings, by react-admin resource name. */
  data: Readonly<Record<string, () => Promise<ResourceHandlers>>>;
}

/** A screen loaded on its first visit, from a module's named export. */
export const screen = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K): LazyExoticComponent<() => ReactNode> =>
  lazy(async () => ({ default: (await load())[name] }));
