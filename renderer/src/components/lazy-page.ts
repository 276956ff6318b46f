import { type ComponentType, createElement, lazy, type ReactElement } from "react";

/** A page component whose chunk can be fetched before it first renders. */
export type Page<P extends object> = ((props: P) => ReactElement) & Preloadable;

export interface Preloadable {
  readonly preload: () => Promise<unknown>;
}

/**
 * A lazily loaded page that renders at once when its chunk is already in. A plain `lazy` component
 * suspends on its first render even then, and React holds the revealed Suspense content back for
 * up to 300 ms: on the opening page that delay was half the time to the first chain data.
 */
export function page<P extends object>(load: () => Promise<ComponentType<P>>): Page<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => ((loaded = component), { default: component }),
      (error: unknown) => {
        pending = undefined; // a failed fetch (the app was rebuilt, say) may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Loaded = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Loaded, { preload });
}
