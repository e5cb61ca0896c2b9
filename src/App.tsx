import { Suspense, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { NotAvailable } from './layout/NotAvailable';
import { NotFound } from './layout/NotFound';
import { theme } from './layout/theme';
import { PAGES } from './pages';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { authProvider, whenLoggedIn } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { createQueryClient } from './providers/notAvailable';
import { AppScreensContext, preloadScreenAt, warmListAt, type AppScreens } from './resources/common/preload';
import { preloadable } from './resources/common/preloadable';
import { resourceScreens } from './resources/common/routes';
import { RESOURCES } from './resources';

/** The providers are composed here: each takes what it needs of the resources, and none imports one. */
const dataProvider = createDataProvider(RESOURCES);
const queryClient = createQueryClient(RESOURCES);
/** Each resource's screens behind the guard of its grants, built once (a component made anew on each render would remount). */
const SCREENS = RESOURCES.map(resourceScreens);

/** The layout (menu, app bar, live updates) is shown after the login only: it loads then, not with the login page. */
const AppLayout = preloadable(async () => (await import('./layout/Layout')).Layout);

/** The screen the login page leads to; its list's rows are asked for as soon as the login succeeds. */
let landing: string | null = null;

/**
 * Starts loading the code of the screen at `pathname` and of the layout around it, side by side,
 * before it is shown: the login page calls it once it has rendered (for the screen the login
 * leads to), and the start of the app for a returning user's screen. Loaded on demand instead,
 * the layout's code, then the screen's, then its data's came one after another.
 */
export const preloadScreens = (pathname: string): void => {
  landing = pathname;
  void AppLayout.preload().catch(() => undefined);
  preloadScreenAt(pathname, RESOURCES, PAGES);
};
whenLoggedIn(() => {
  if (landing) warmListAt(landing, RESOURCES);
});

const Login = () => <LoginPage preload={preloadScreens} />;
const Layout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>
    <AppLayout>{children}</AppLayout>
  </Suspense>
);

/** What the menu loads ahead of a visit. */
const APP_SCREENS: AppScreens = { resources: RESOURCES, pages: PAGES };

/** The table of contents: every resource and page, from their declarations. */
export const App = () => (
  <AppScreensContext.Provider value={APP_SCREENS}>
    <Admin
      title="app.title"
      requireAuth
      disableTelemetry
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={theme}
      loginPage={Login}
      dashboard={HomePage}
      catchAll={NotFound}
      accessDenied={NotAvailable}
    >
      {SCREENS.map(({ resource }) => resource)}
      <CustomRoutes>
        {PAGES.map(({ path, screen: Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        {SCREENS.flatMap(({ routes }) => routes)}
      </CustomRoutes>
    </Admin>
  </AppScreensContext.Provider>
);
