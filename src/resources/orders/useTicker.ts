import { useSyncExternalStore } from 'react';

/** How often the order clocks move: they show whole minutes, so a few times a minute is plenty. */
const TICK_MS = 15_000;

/**
 * One interval for every clock on the screen (a page of a hundred cards starts one, not a
 * hundred): it runs while at least one clock is shown, and each tick re-renders those clocks.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};

const snapshot = () => now;

/** The current time in milliseconds, moving with the shared tick. */
export const useTicker = (): number => useSyncExternalStore(subscribe, snapshot, snapshot);
