import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useNewOrders } from '../providers/liveEventsHooks';

/** The page name of each path, by its first matching pattern; plural resource names count 2. */
const PAGES: readonly { path: RegExp; key: string; plural?: boolean }[] = [
  { path: /^\/$/, key: 'app.home' },
  { path: /^\/login$/, key: 'auth.title' },
  { path: /^\/logout$/, key: 'logout.title' },
  { path: /^\/settings$/, key: 'app.settings.title' },
  { path: /^\/city\/\d+\/districts?\b|^\/districts\b/, key: 'resources.districts.name', plural: true },
  { path: /^\/cities\b|^\/city\b/, key: 'resources.cities.name', plural: true },
  { path: /^\/tags?\b/, key: 'resources.tags.name', plural: true },
  { path: /^\/cuisines\b/, key: 'resources.cuisines.name', plural: true },
  { path: /^\/bots\b/, key: 'resources.bots.name', plural: true },
  { path: /^\/reviews\b|^\/restaurant\/\d+\/reviews\b/, key: 'resources.reviews.name', plural: true },
  { path: /^\/ads\b/, key: 'resources.ads.name', plural: true },
  { path: /^\/referrals\b/, key: 'resources.referrals.name', plural: true },
  { path: /^\/admins?\b/, key: 'resources.admins.name', plural: true },
  { path: /^\/stats\b/, key: 'resources.stats.name' },
  { path: /^\/users\/top\b/, key: 'resources.topUsers.name', plural: true },
  { path: /^\/spam\b/, key: 'resources.spam.name', plural: true },
  { path: /^\/language\b/, key: 'resources.language.name', plural: true },
  { path: /^\/audit\b/, key: 'resources.audit.name' },
  { path: /^\/orders\b/, key: 'resources.orders.name', plural: true },
  { path: /^\/restaurants?\b/, key: 'resources.restaurants.name', plural: true },
];

/**
 * The browser tab's title follows the page and the language ('Cities — Back-office'), and
 * the document's language follows the interface, for screen readers and the browser.
 */
export const DocumentTitle = () => {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const page = PAGES.find((candidate) => candidate.path.test(pathname));
  const app = translate('app.title');
  const pageTitle = page ? translate('app.pageTitle', { page: translate(page.key, { smart_count: page.plural ? 2 : 1 }), app }) : app;
  // New orders nobody has looked at yet, heard on the order list: '(2) Orders — Back-office'.
  const { unseen } = useNewOrders();
  const title = unseen > 0 ? translate('live.titleCount', { count: unseen, title: pageTitle }) : pageTitle;
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = locale;
  }, [title, locale]);
  return null;
};
