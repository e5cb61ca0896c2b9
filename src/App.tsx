import { lazy, Suspense, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { NotFound } from './layout/NotFound';
import { theme } from './layout/theme';
import { PAGES } from './pages';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { resourceRoute } from './resources/common/routes';
import { RESOURCES } from './resources';

/** The providers are composed here: each takes what it needs of the resources, and none imports one. */
const dataProvider = createDataProvider(RESOURCES);

/** The layout (menu, app bar, live updates) is shown after the login only: it loads then, not with the login page. */
const AppLayout = lazy(() => import('./layout/Layout').then(({ Layout }) => ({ default: Layout })));
const Layout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>
    <AppLayout>{children}</AppLayout>
  </Suspense>
);

/** The table of contents: every resource and page, from their declarations. */
export const App = () => (
  <Admin
    title="app.title"
    requireAuth
    disableTelemetry
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    layout={Layout}
    theme={theme}
    loginPage={LoginPage}
    dashboard={HomePage}
    catchAll={NotFound}
  >
    {RESOURCES.map(({ name, icon, list, edit, recordRepresentation }) => (
      <Resource key={name} name={name} icon={icon} list={list} edit={edit} recordRepresentation={recordRepresentation} />
    ))}
    <CustomRoutes>
      {PAGES.map(({ path, screen: Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      {RESOURCES.flatMap(({ name, routes = [] }) => routes.map(({ path, screen: Screen }) => resourceRoute(path, name, <Screen />)))}
    </CustomRoutes>
  </Admin>
);
