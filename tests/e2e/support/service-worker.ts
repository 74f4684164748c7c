import type { Browser, Target, WebWorker } from 'puppeteer-core';

export interface WorkerControl {
  /** The running service worker; starts it first if it was stopped. */
  worker(): Promise<WebWorker>;
  /** Stops the service worker as Chromium does when it goes idle; the next event restarts it. */
  stopWorker(): Promise<void>;
}

export function controlServiceWorker(chromium: Browser, extensionId: string): WorkerControl {
  const scopeURL = `chrome-extension://${extensionId}/`;
  const isOurWorker = (target: Target) => target.type() === 'service_worker' && target.url().startsWith(scopeURL);
  const runningTarget = () => chromium.targets().find(isOurWorker);

  // ServiceWorker.* lives on page sessions only (the browser session answers "wasn't found").
  async function start(): Promise<void> {
    const page = (await chromium.pages())[0] ?? (await chromium.newPage());
    const session = await page.createCDPSession();
    try {
      await session.send('ServiceWorker.enable');
      await session.send('ServiceWorker.startWorker', { scopeURL });
    } finally {
      await session.detach().catch(() => {});
    }
  }

  async function worker(): Promise<WebWorker> {
    // A worker met as it starts (woken by an event just then) may not have the extension's APIs in its scope yet.
    const deadline = Date.now() + 10_000;
    for (;;) {
      let target = runningTarget();
      if (!target) {
        await start();
        target = await chromium.waitForTarget(isOurWorker, { timeout: 10_000 });
      }
      const running = await target.worker();
      if (!running) throw new Error(`No worker behind ${target.url()}`);
      // The tests call it `browser`, as the extension's own code does.
      const ready = await running
        .evaluate(() => typeof (globalThis as { browser?: { runtime?: { id?: unknown } } }).browser?.runtime?.id === 'string')
        .catch(() => false);
      if (ready) return running;
      if (Date.now() > deadline) throw new Error(`The worker behind ${target.url()} has no extension APIs after 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stopWorker(): Promise<void> {
    const target = runningTarget();
    if (!target) return;
    const gone = new Promise<void>((resolve) => {
      const onDestroyed = (destroyed: Target) => {
        if (destroyed !== target) return;
        chromium.off('targetdestroyed', onDestroyed);
        resolve();
      };
      chromium.on('targetdestroyed', onDestroyed);
    });
    // WebWorker.close() on a service worker is Target.closeTarget + detach: Chromium stops
    // the worker (status running → stopped) and the next start is a fresh global scope.
    // Stopping it any other way (ServiceWorker.stopAllWorkers, chrome://serviceworker-internals)
    // while our session stays attached makes its next start wait forever for the debugger.
    await (await target.worker())?.close();
    await withTimeout(gone, 10_000, 'the service worker did not stop within 10 s');
  }

  return { worker, stopWorker };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
