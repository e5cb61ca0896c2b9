import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useNewOrders } from '../providers/liveEventsHooks';
import { RESOURCES } from '../resources';
import { pageTitleOf } from './pageTitles';

/**
 * The browser tab's title follows the page and the language ('Cities — Back-office'), and
 * the document's language follows the interface, for screen readers and the browser.
 */
export const DocumentTitle = () => {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const page = pageTitleOf(pathname, RESOURCES);
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
