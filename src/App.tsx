import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { theme } from './layout/theme';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { LogoutPage } from './pages/logout/LogoutPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import bots, { botRoutes } from './resources/bots';
import cities, { cityRoutes } from './resources/cities';
import cuisines, { cuisineRoutes } from './resources/cuisines';
import districts, { districtRoutes } from './resources/districts';
import tags, { tagRoutes } from './resources/tags';
import { GlobalSettingsPage } from './pages/settings/GlobalSettingsPage';

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
    <Resource {...bots} />
    <Resource {...cities} />
    <Resource {...cuisines} />
    <Resource {...districts} />
    <Resource {...tags} />
    <CustomRoutes>
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/settings" element={<GlobalSettingsPage />} />
      {botRoutes}
      {cityRoutes}
      {cuisineRoutes}
      {districtRoutes}
      {tagRoutes}
    </CustomRoutes>
  </Admin>
);
