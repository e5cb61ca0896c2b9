import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first render (react-admin, MUI, the i18n catalogue) takes a few hundred
// milliseconds here and seconds on a busy machine: findBy and waitFor wait for it up to 5 s
// instead of testing-library's 1 s, so a slow run is slow, not red.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
