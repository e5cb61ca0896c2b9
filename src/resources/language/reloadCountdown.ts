import { useEffect, useState } from 'react';
import { TRANSLATION_RELOAD_FALLBACK_MS, TRANSLATION_RELOAD_MS } from '../../domain';

/**
 * After a save or a restore the page reloads, so that the app starts again with the new texts
 * (spec sections 7 and 9): after 10 s, and once more after 15 s should the first reload not
 * have taken the page away. The timers outlive the editor: an admin who leaves it within the
 * countdown still gets the reload the notice announced.
 */
export function scheduleReload(reload: () => void = () => window.location.reload()): { reloadAt: number } {
  setTimeout(reload, TRANSLATION_RELOAD_MS);
  setTimeout(reload, TRANSLATION_RELOAD_FALLBACK_MS);
  return { reloadAt: Date.now() + TRANSLATION_RELOAD_MS };
}

/** Whole seconds until `reloadAt`, ticking while the countdown shows. */
export function useSecondsLeft(reloadAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((reloadAt - now) / 1000));
}
