import { lazy, useState, type ComponentType } from 'react';

/** A component whose code loads on its first render, or earlier through `preload`. */
export type Preloadable<P extends object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Whether the code is there, so that a render would not suspend. */
  loaded: () => boolean;
};

/**
 * A component loaded on its first render, from `load`; `preload` starts the same load ahead
 * (a failed load is tried again by the next call). Once the code is there, the component
 * renders at once: React.lazy suspends on its first render even for code already loaded, and
 * React then holds the suspended part back for up to 300 ms after its fallback showed, which
 * after the login came twice (the layout, then the screen) before the first request of the
 * screen's data could start.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = (props: P) => {
    // Chosen once: a component that changed type under a mounted screen would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  };
  return Object.assign(Component, { preload, loaded: () => loaded !== undefined });
}
