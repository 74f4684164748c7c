import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { options } from 'preact';
import { useState } from 'preact/hooks';
import { holdLaterParts, LATER_PARTS_HOLD_MS, lazyComponent, useLoadedFirst } from '@/lib/pages/lazy-component';
import { renderInto } from '../report/dom';

/** The page's first frame, shown when a test says so (at once unless a test holds it). */
const frame = vi.hoisted(() => {
  const state = { shown: Promise.resolve(), show: () => undefined as void };
  return {
    state,
    hold() {
      state.shown = new Promise<void>((resolve) => (state.show = resolve));
    },
  };
});
vi.mock('@/lib/pages/after-paint', () => ({ firstFrameShown: () => frame.state.shown }));

/** A chunk that loads only when the test lets it: as import() of a file not yet read. */
function chunk() {
  let loads = 0;
  let release: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (release = resolve));
  const Result = lazyComponent(async () => {
    loads += 1;
    await ready;
    return ({ score }: { score: number }) => <p class="result">Score {score}</p>;
  });
  return { Result, release, loads: () => loads };
}

describe('a screen loaded when first needed', () => {
  // Effects run after the next frame; linkedom has no frames.
  beforeAll(() => {
    options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
  });

  it('is not loaded until a view needs it, then loaded once', async () => {
    const { Result, release, loads } = chunk();
    let show: (next: boolean) => void = () => undefined;
    function View() {
      const [wanted, setWanted] = useState(false);
      show = setWanted;
      const shown = useLoadedFirst(wanted, wanted ? [Result] : []);
      return <main data-job={shown ? 'done' : 'none'}>{shown ? <Result score={72} /> : <p class="form">Create report</p>}</main>;
    }
    const view = renderInto(<View />);
    await view.settle();
    expect(loads()).toBe(0);
    expect(Result.isLoaded()).toBe(false);

    show(true);
    await view.settle();
    await view.settle();
    expect(loads()).toBe(1);
    // While the chunk loads, the view still draws the state before, whole: no state without its screen.
    expect(view.root.querySelector('main')!.getAttribute('data-job')).toBe('none');
    expect(view.text()).toBe('Create report');

    release();
    await Result.preload();
    await view.settle();
    await view.settle();
    // The state and its screen land together.
    expect(view.root.querySelector('main')!.getAttribute('data-job')).toBe('done');
    expect(view.text()).toBe('Score 72');
    await Result.preload();
    expect(loads()).toBe(1);
  });

  afterEach(() => {
    frame.state.shown = Promise.resolve();
    holdLaterParts(Promise.resolve());
    vi.useRealTimers();
  });

  it('drawn once loaded, is loaded only once the first frame is shown', async () => {
    frame.hold();
    const { Result, release, loads } = chunk();
    release();
    const view = renderInto(
      <main>
        <p class="form">Create report</p>
        <Result score={55} />
      </main>,
    );
    for (let i = 0; i < 5; i += 1) await view.settle();
    expect(loads()).toBe(0);
    expect(view.text()).toBe('Create report');

    frame.state.show();
    for (let i = 0; i < 5; i += 1) await view.settle();
    expect(loads()).toBe(1);
    expect(view.text()).toBe('Create reportScore 55');
  });

  it('drawn once loaded, waits also for what the page holds its later parts for, failed or not', async () => {
    for (const ending of ['answered', 'failed'] as const) {
      let end: () => void = () => undefined;
      holdLaterParts(new Promise<void>((resolve, reject) => (end = ending === 'answered' ? resolve : () => reject(new Error('away')))));
      const { Result, release, loads } = chunk();
      release();
      const view = renderInto(<Result score={61} />);
      for (let i = 0; i < 5; i += 1) await view.settle();
      // The first frame is shown, but what the page is waiting for is not in.
      expect(loads()).toBe(0);
      end();
      for (let i = 0; i < 5; i += 1) await view.settle();
      expect(loads()).toBe(1);
      expect(view.text()).toBe('Score 61');
    }
  });

  it('held for work that never ends, loads LATER_PARTS_HOLD_MS after the first frame', async () => {
    vi.useFakeTimers();
    frame.hold();
    holdLaterParts(new Promise(() => undefined));
    const { Result, release, loads } = chunk();
    release();
    const view = renderInto(<Result score={48} />);
    await vi.advanceTimersByTimeAsync(LATER_PARTS_HOLD_MS * 2);
    // Counted from the first frame, not from the opening.
    expect(loads()).toBe(0);
    frame.state.show();
    await vi.advanceTimersByTimeAsync(LATER_PARTS_HOLD_MS - 1);
    expect(loads()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads()).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(view.text()).toBe('Score 48');
  });

  it('held by a state until loaded, is loaded at once, before the first frame is shown', async () => {
    frame.hold();
    const { Result, release, loads } = chunk();
    release();
    function View() {
      const shown = useLoadedFirst(true, [Result]);
      return <main data-job={shown ? 'done' : 'none'}>{shown && <Result score={90} />}</main>;
    }
    const view = renderInto(<View />);
    for (let i = 0; i < 5; i += 1) await view.settle();
    expect(loads()).toBe(1);
    expect(view.text()).toBe('Score 90');
  });

  it('draws at once, in the same render, once its chunk is in', async () => {
    const { Result, release } = chunk();
    release();
    await Result.preload();
    const view = renderInto(<Result score={40} />);
    expect(view.text()).toBe('Score 40');
  });

  it('is tried again after a failed load, and the view is not held by a chunk that cannot load', async () => {
    let attempts = 0;
    const Broken = lazyComponent<{ score: number }>(() => {
      attempts += 1;
      return Promise.reject(new Error('the extension was updated'));
    });
    function View() {
      const shown = useLoadedFirst('done', [Broken]);
      return <main data-job={shown}>{<Broken score={1} />}</main>;
    }
    const view = renderInto(<View />);
    for (let i = 0; i < 5; i += 1) await view.settle();
    expect(view.root.querySelector('main')!.getAttribute('data-job')).toBe('done');
    const tried = attempts;
    expect(tried).toBeGreaterThanOrEqual(1);
    // Not again and again by itself: once more when asked.
    for (let i = 0; i < 5; i += 1) await view.settle();
    expect(attempts).toBe(tried);
    await expect(Broken.preload()).rejects.toThrow('updated');
    expect(attempts).toBe(tried + 1);
  });
});
