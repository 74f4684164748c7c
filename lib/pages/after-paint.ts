/**
 * Resolves once the frame drawn now has been painted: work that can wait (the report's refresh, and the look for its tab, after its kept copy) runs
 * after it. A page not shown (a tab in the background, the popup's page opened as such) paints no
 * frames: there it resolves at once; a page hidden meanwhile, within 100 ms.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      setTimeout(resolve, 0);
    };
    requestAnimationFrame(next);
    setTimeout(next, 100);
  });
}

/** How long a page waits to be told of its first frame: a page in a hidden tab paints none. */
export const FIRST_FRAME_WAIT_MS = 200;

let shown: Promise<void> | undefined;

/**
 * Resolves once the page's first frame with content is on screen, or after FIRST_FRAME_WAIT_MS where the browser does
 * not tell. What a page draws only once loaded waits for it: loading a chunk (and the `<link rel="modulepreload">` of
 * each of its imports) while that frame is drawn and shown takes the main thread and the browser from it.
 */
export function firstFrameShown(): Promise<void> {
  return (shown ??= new Promise<void>((resolve) => {
    setTimeout(resolve, FIRST_FRAME_WAIT_MS);
    // `buffered`: a frame shown already is told at once.
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  }));
}
