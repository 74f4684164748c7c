import type { WebWorker } from 'puppeteer-core';

/** What a notification said, as the extension passed it to the browser. */
export interface ShownNotification {
  title: string;
  message: string;
}

type Recorder = { shownNotifications?: ShownNotification[] };

/**
 * Records every notification the extension shows from now on, in `worker` (Chromium's
 * `notifications.getAll` gives ids only): a recorder around the browser's own
 * `notifications.create`, so the extension's call still goes through. Lasts until the worker stops.
 */
export async function recordNotifications(worker: WebWorker): Promise<() => Promise<ShownNotification[]>> {
  await worker.evaluate(() => {
    const scope = globalThis as unknown as Recorder & { chrome: { notifications: { create: (...args: unknown[]) => unknown } } };
    const shown: ShownNotification[] = [];
    const target = scope.chrome.notifications;
    const create = target.create.bind(target);
    target.create = (...args: unknown[]) => {
      const options = args.find((arg) => typeof arg === 'object' && arg !== null) as ShownNotification;
      shown.push({ title: options.title, message: options.message });
      return create(...args);
    };
    scope.shownNotifications = shown;
  });
  return () => worker.evaluate(() => (globalThis as unknown as Recorder).shownNotifications ?? []);
}
