import { screen } from '../resources/common/manifest';

/** Screens that are not a resource's, on their own paths (home and login are the Admin's). */
export const PAGES = [
  { path: '/logout', screen: screen(() => import('./logout/LogoutPage'), 'LogoutPage') },
  { path: '/settings', screen: screen(() => import('./settings/GlobalSettingsPage'), 'GlobalSettingsPage') },
  { path: '/settings/twoFactor', screen: screen(() => import('./settings/SecondFactorPage'), 'SecondFactorPage') },
] as const;
