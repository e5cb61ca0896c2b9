// First: zod is configured before any module makes a schema.
import { zodSettings } from './zodSetup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { App, preloadScreens } from './App';
import { sessionUser } from './providers/authProvider';
import { restoreLocale } from './providers/i18nProvider';

// The page's CSP has no 'unsafe-eval': zod must parse without generated code.
if (!zodSettings.jitless) throw new Error('zod is not configured for the page');

/**
 * The app's own hash router, so that react-admin does not create one. React Router 7 applies
 * navigations as React transitions by default; react-admin's logout navigates to #/login and
 * at once clears its query cache, whose urgent re-render interrupts that transition, so a
 * logged-out visitor of any other page sat on a blank page through hundreds of redirects to
 * #/login (react-admin issue 10885). Applied synchronously, the one redirect lands at once.
 */
const router = createHashRouter([{ path: '*', element: <App /> }]);

const root = document.getElementById('root');
if (root) {
  // A returning user's screen: its code loads while the saved texts are fetched, not after them.
  if (sessionUser()) preloadScreens(window.location.hash.replace(/^#/, '').split('?')[0] || '/');
  void restoreLocale().finally(() =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} useTransitions={false} />
      </StrictMode>,
    ),
  );
}
