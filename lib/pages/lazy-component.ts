import { h, type ComponentType, type VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { firstFrameShown } from '@/lib/pages/after-paint';

/** How long after a page's first frame its later parts wait at most for what `holdLaterParts` named. */
export const LATER_PARTS_HOLD_MS = 500;

let held: Promise<unknown> = Promise.resolve();
/** When the later parts may load, worked out once for what they are held for. */
let mayLoad: Promise<void> | undefined;

/**
 * Later parts (components drawn once loaded) also wait for `work` to settle, at most LATER_PARTS_HOLD_MS after the
 * first frame. The popup holds them for its page's state: a worker just woken works that answer out while the page
 * would otherwise load their chunks and send their own questions, and each slows the other.
 */
export function holdLaterParts(work: Promise<unknown>): void {
  held = work.catch(() => undefined);
  mayLoad = undefined;
}

/** Resolves once a page's later parts may load: its first frame shown, and what they are held for settled or waited for. */
export function laterPartsMayLoad(): Promise<void> {
  return (mayLoad ??= firstFrameShown().then(() =>
    Promise.race([held.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, LATER_PARTS_HOLD_MS))]),
  ));
}

export type LazyComponent<P> = ((props: P) => VNode<P> | null) & {
  /** Starts loading its chunk (once); resolves when it can be drawn. */
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
};

/**
 * A component whose code is loaded with `import()` the first time it is needed, so that
 * what a page draws on opening does not wait for screens it rarely shows. Draw it through
 * `useLoadedFirst`, which holds the page's view until the chunk is in (a few milliseconds,
 * from the extension's own files): then a state and the screen that shows it land in the
 * same frame. Preact's own `lazy` needs preact/compat.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = undefined; // Tried again the next time it is needed.
        throw error;
      },
    ));
  function Lazy(props: P): VNode<P> | null {
    const [, setReady] = useState(false);
    // Drawn without useLoadedFirst: it appears once loaded, and is loaded once the page's later parts may load.
    useEffect(() => {
      if (!loaded)
        void laterPartsMayLoad()
          .then(preload)
          .then(
            () => setReady(true),
            () => undefined,
          );
    }, []);
    return loaded ? h(loaded, props) : null;
  }
  return Object.assign(Lazy, { preload, isLoaded: () => loaded !== undefined });
}

/**
 * `value` once every component in `needs` is loaded; until then the last value whose
 * components were all loaded, while they load. A view drawn from it never shows a state
 * (a job done, a setting to connect) a frame before the screen that belongs to it.
 */
export function useLoadedFirst<T>(value: T, needs: readonly Pick<LazyComponent<never>, 'preload' | 'isLoaded'>[]): T {
  const shown = useRef(value);
  const [, rerender] = useState(0);
  const missing = needs.filter((component) => !component.isLoaded());
  useEffect(() => {
    if (missing.length === 0) return;
    let current = true;
    const done = () => current && rerender((n) => n + 1);
    void Promise.all(missing.map((component) => component.preload())).then(done, () => {
      // The chunk is gone (the extension was updated meanwhile): show the state without that screen rather than hold it.
      if (shown.current === value) return;
      shown.current = value;
      done();
    });
    return () => {
      current = false;
    };
  });
  if (missing.length === 0) shown.current = value;
  return shown.current;
}
