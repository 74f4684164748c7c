import type { CDPSession } from 'puppeteer-core';

/**
 * The memory the worker's JS holds: V8's heap, plus what Blink holds for it (large strings, such as decoded text,
 * live there) and array buffers' bytes.
 */
export async function heapInUse(session: CDPSession): Promise<number> {
  const usage = await session.send('Runtime.getHeapUsage');
  return usage.usedSize + usage.embedderHeapUsedSize + usage.backingStorageSize;
}

/** The worker's heap in use, sampled every 50 ms until stopped; the worker answers only when its thread is free. */
export function sampleHeap(session: CDPSession) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push(await heapInUse(session));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peak: Math.max(...samples), count: samples.length };
    },
  };
}
