import type { ReactElement } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';

/**
 * A screen on one of the spec's own paths (`/tag`, `/city/:id`, ...) that react-admin's
 * resource routes do not produce, working on `resource`.
 */
export const resourceRoute = (path: string, resource: string, element: ReactElement) => (
  <Route key={path} path={path} element={<ResourceContextProvider value={resource}>{element}</ResourceContextProvider>} />
);
