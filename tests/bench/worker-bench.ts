import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../e2e/support/browser.ts';

export interface WorkerSample {
  /** Stopped worker: from sending `getSettings` to its answer, in the sending page's clock, ms. */
  cold: number;
  /** The same message right after, to the running worker. */
  warm: number;
}

/**
 * Service worker cold start as a page meets it: the worker is stopped (as after 30 s idle),
 * then an extension page (the options page: the background answers its own pages only)
 * sends its first message. Puppeteer attaches to the new worker before it runs, which adds
 * a round trip over the pipe to every cold sample.
 */
export async function benchColdStart(ext: ExtensionBrowser, sender: Page, runs: number, warmup: number): Promise<WorkerSample[]> {
  const samples: WorkerSample[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    // The worker restarted by the last message may not be listed yet: stopWorker would find nothing to stop.
    await (await ext.worker()).evaluate(() => Object.assign(self, { benchStale: true }));
    await ext.stopWorker();
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const sample = await sender.evaluate(async () => {
      const took: number[] = [];
      for (let n = 0; n < 2; n += 1) {
        const started = performance.now();
        const reply = (await browser.runtime.sendMessage({ type: 'getSettings', payload: {} })) as { ok?: boolean } | undefined;
        if (!reply?.ok) throw new Error(`getSettings answered ${JSON.stringify(reply)}`);
        took.push(performance.now() - started);
      }
      return { cold: took[0]!, warm: took[1]! };
    });
    const fresh = await (await ext.worker()).evaluate(() => !('benchStale' in self));
    if (!fresh) throw new Error('The service worker answered without having been stopped: not a cold start');
    if (i >= warmup) samples.push(sample);
  }
  return samples;
}
