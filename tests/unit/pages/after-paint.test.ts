import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's paint timing as the test drives it: what is painted already, and the observers of it. */
function paintTiming(painted: string[] = []) {
  const entries = [...painted];
  const observers: { deliver: () => void; types: string[]; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      private readonly me;
      constructor(callback: PerformanceObserverCallback) {
        const list = { getEntriesByName: (name: string) => entries.filter((entry) => entry === name).map((entry) => ({ name: entry })) };
        this.me = { deliver: () => callback(list as never, this as never), types: [] as string[], disconnected: false };
        observers.push(this.me);
      }
      observe({ type, buffered }: { type: string; buffered?: boolean }) {
        this.me.types.push(type);
        // As browsers do: what was recorded before is told in a later task, and only when asked for.
        if (buffered && entries.length > 0) setTimeout(() => this.me.deliver(), 0);
      }
      disconnect() {
        this.me.disconnected = true;
      }
    },
  );
  return {
    observers,
    paint(name: string) {
      entries.splice(0, entries.length, name);
      for (const o of observers) if (!o.disconnected && o.types.includes('paint')) o.deliver();
    },
  };
}

async function freshModule() {
  vi.resetModules();
  return import('@/lib/pages/after-paint');
}

/** Whether `promise` has settled by the end of the current turns. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("a page's first frame shown", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is told by the first contentful paint, not by a first paint without content', async () => {
    const timing = paintTiming();
    const { firstFrameShown } = await freshModule();
    const shown = firstFrameShown();
    expect(await settled(shown)).toBe(false);
    timing.paint('first-paint');
    expect(await settled(shown)).toBe(false);
    expect(timing.observers[0]!.disconnected).toBe(false);
    timing.paint('first-contentful-paint');
    expect(await settled(shown)).toBe(true);
    expect(timing.observers[0]!.disconnected).toBe(true);
  });

  it('is told at once on a page that has shown its first frame already, and asked of the browser once', async () => {
    const timing = paintTiming(['first-contentful-paint']);
    const { firstFrameShown } = await freshModule();
    const shown = firstFrameShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(shown)).toBe(true);
    expect(firstFrameShown()).toBe(shown);
    expect(timing.observers).toHaveLength(1);
  });

  it('is taken as shown after 200 ms where the browser does not tell', async () => {
    paintTiming();
    const { firstFrameShown, FIRST_FRAME_WAIT_MS } = await freshModule();
    const shown = firstFrameShown();
    await vi.advanceTimersByTimeAsync(FIRST_FRAME_WAIT_MS - 1);
    expect(await settled(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(shown)).toBe(true);
  });
});
