import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { theme } from './layout/theme';
import { PAGES } from './pages';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { resourceRoute } from './resources/common/routes';
import { RESOURCES } from './resources';

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
