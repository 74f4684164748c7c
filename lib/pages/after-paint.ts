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
