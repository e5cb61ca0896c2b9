import { QueryErrorResetBoundary, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, useState, type ComponentType, type ReactNode } from 'react';
import { Resource, ResourceContextProvider, usePermissions } from 'react-admin';
import { Route, useLocation, useParams } from 'react-router-dom';
import { NotAvailable } from '../../layout/NotAvailable';
import type { Permissions } from '../../providers/authProvider';
import { isNotAvailableError } from '../../providers/notAvailable';
import type { ResourceManifest } from './manifest';
import { mayOpen, type ScreenOfApp } from './screenAccess';

interface BoundaryProps {
  /** The path shown: another path is another screen, tried afresh. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  pathname: string;
  error: unknown;
}

/**
 * Catches a screen's read answered 403 or 404 (thrown while rendering, src/providers/notAvailable.ts)
 * and shows the Not-available page in the screen's place; any other error goes on to the
 * layout's own boundary.
 */
export class NotAvailableBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { pathname: this.props.pathname, error: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, error: null };
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isNotAvailableError(error)) return <NotAvailable />;
    throw error;
  }
}

/**
 * A refused read is read again when its screen opens again: react-query keeps the failed
 * read of a query that throws to a boundary failed on mount, unless that boundary was just
 * reset, and the row may have become the user's since (a restaurant moved to their city).
 */
const ReadAgainOnOpen = ({ children }: { children: ReactNode }) => {
  const boundary = useQueryErrorResetBoundary();
  useState(() => boundary.reset());
  return children;
};

/**
 * Opens a screen only for a user it is for: a role without the screen's grant, or a path that
 * names a city or restaurant outside the user's scope, gets the Not-available page before
 * anything of the screen loads (its code and its data alike).
 */
export const ScreenGuard = ({ screen, children }: { screen: Omit<ScreenOfApp, 'path'>; children: ReactNode }) => {
  const params = useParams();
  const { pathname } = useLocation();
  const { permissions, isPending } = usePermissions<Permissions | null>();
  // Before the session is read, and once it has ended (the login page follows), nothing shows.
  if (isPending || !permissions) return null;
  if (!mayOpen(permissions, screen, params)) return <NotAvailable />;
  return (
    <QueryErrorResetBoundary>
      <ReadAgainOnOpen>
        <NotAvailableBoundary pathname={pathname}>{children}</NotAvailableBoundary>
      </ReadAgainOnOpen>
    </QueryErrorResetBoundary>
  );
};

/** A screen component behind the guard, for react-admin's `list` and `edit`. */
const guarded = (screen: Omit<ScreenOfApp, 'path'>, Screen: ComponentType): ComponentType => {
  const Guarded = () => (
    <ScreenGuard screen={screen}>
      <Screen />
    </ScreenGuard>
  );
  Guarded.displayName = `Guarded(${screen.resource}.${screen.action})`;
  return Guarded;
};

/**
 * A resource's react-admin `<Resource>` (its list and edit behind the guard) and its own routes
 * (each behind the guard, with the grant and place it declares), built once from its manifest:
 * a new resource is guarded by declaring its grants.
 */
export function resourceScreens({ name, icon, list, edit, recordRepresentation, routes = [] }: ResourceManifest) {
  const List = list && guarded({ resource: name, action: 'list' }, list);
  const Edit = edit && guarded({ resource: name, action: 'edit' }, edit);
  return {
    resource: <Resource key={name} name={name} icon={icon} list={List} edit={Edit} recordRepresentation={recordRepresentation} />,
    routes: routes.map(({ path, screen: Screen, action, place }) => (
      <Route
        key={path}
        path={path}
        element={
          <ResourceContextProvider value={name}>
            <ScreenGuard screen={{ resource: name, action, place }}>
              <Screen />
            </ScreenGuard>
          </ResourceContextProvider>
        }
      />
    )),
  };
}
