import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bearerAuthorization } from '../providers/httpClient';
import type { LiveClient } from '../providers/liveEvents';
import { setLiveState } from '../providers/liveEventsHub';
import { useLiveRefresh } from './useLiveRefresh';

/** The first screen's data load first; the stream then opens (at the latest after MAX_WAIT_MS). */
const QUIET_MS = 700;
const MAX_WAIT_MS = 10_000;

/** Resolves once react-admin has asked nothing for QUIET_MS, or after MAX_WAIT_MS. */
const firstScreenLoaded = (queryClient: QueryClient, stopped: () => boolean) =>
  new Promise<void>((resolve) => {
    const started = Date.now();
    let quietSince = Date.now();
    const check = () => {
      const now = Date.now();
      if (queryClient.isFetching() > 0 || queryClient.isMutating() > 0) quietSince = now;
      if (stopped() || now - quietSince >= QUIET_MS || now - started >= MAX_WAIT_MS) resolve();
      else setTimeout(check, 100);
    };
    check();
  });

/**
 * The live stream of the logged-in user, open while the layout is shown: its events refresh
 * react-admin's data and reach the screens that listen (src/providers/liveEventsHub.ts). The
 * client (the stream's parser and the event schema) is loaded after the login, and the stream
 * opens once the first screen's data are in: a page counts as loaded, for the browser and its
 * tools, only when no request is pending, and the stream always is. A login in another tab (a
 * new token) starts a new stream; so does the next login after one expired.
 */
export const LiveUpdates = () => {
  useLiveRefresh();
  const queryClient = useQueryClient();
  useEffect(() => {
    let client: LiveClient | null = null;
    let startedWith: string | null = null;
    let unmounted = false;
    // The screen's data are read from about now: the first stream also brings what was written since.
    const loadedAt = new Date().toISOString();
    const start = async (wait: boolean) => {
      const { startUserStream } = await import('../providers/liveEvents');
      if (wait) await firstScreenLoaded(queryClient, () => unmounted);
      if (unmounted) return;
      client?.close();
      startedWith = bearerAuthorization();
      client = startUserStream(wait ? loadedAt : undefined);
    };
    const onStorage = () => {
      const now = bearerAuthorization();
      if (now && now !== startedWith) void start(false);
    };
    setLiveState('connecting');
    void start(true);
    window.addEventListener('storage', onStorage);
    return () => {
      unmounted = true;
      window.removeEventListener('storage', onStorage);
      client?.close();
      setLiveState('closed');
    };
  }, [queryClient]);
  return null;
};
