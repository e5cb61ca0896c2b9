import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import fakeRestProvider from 'ra-data-fakerest';
import { AdminContext, memoryStore, type DataProvider, type RaRecord } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Role, type LoginResponse, type RoleId } from '../../src/domain';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { writeSession } from '../../src/providers/session';

/** Who is logged in for a rendered screen: the role, and a city (and restaurant) of theirs. */
export interface ScreenUser {
  roleId: RoleId;
  cityId?: number | null;
  restaurantId?: number | null;
}

const farFuture = Math.floor(Date.now() / 1000) + 3600;

/** A stored login of this role, as the login call leaves it. */
export function logInAs(user: ScreenUser): LoginResponse {
  const session: LoginResponse = {
    user: {
      id: 1,
      username: 'staff',
      roleId: user.roleId,
      cityId: user.cityId ?? 1,
      restaurantId: user.restaurantId ?? null,
      authKey: 'key',
    },
    jwtToken: `h.${btoa(JSON.stringify({ sub: 1, exp: farFuture })).replace(/=+$/, '')}.s`,
  };
  writeSession(session);
  return session;
}

/**
 * A data provider over fixed rows (ra-data-fakerest: filters, sorts and pages like the API),
 * one list of rows per resource.
 */
export const fixtures = (data: Record<string, RaRecord[]>): DataProvider => fakeRestProvider(data, false);

export interface RenderScreenOptions {
  /** The logged-in user; an admin by default. */
  as?: ScreenUser;
  dataProvider: DataProvider;
  /** The resource the screen belongs to, and its path (`/tags`, `/tags/3`). */
  resource: string;
  path: string;
  /** The route pattern the screen is mounted on; `path` by default. */
  route?: string;
}

/**
 * Renders one screen inside react-admin's context as the app does (the real auth and i18n
 * providers, a memory store, a fake data provider, a memory router), logged in as a given
 * role: role-dependent controls, validation and redirects are tested without a browser.
 */
export function renderScreen(screen: ReactNode, options: RenderScreenOptions): RenderResult {
  logInAs(options.as ?? { roleId: Role.ADMIN });
  return render(
    <MemoryRouter initialEntries={[options.path]}>
      <AdminContext dataProvider={options.dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <Routes>
          <Route path={options.route ?? options.path} element={screen} />
          {/* Where the screen leads (the list after a save, /login once the session ends): an empty page. */}
          <Route path="*" element={null} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}
