import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { options } from 'preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/lib/api/errors';
import { useBackgroundList } from '@/lib/pages/use-background-list';
import { renderInto } from '../report/dom';

type Hook = ReturnType<typeof useBackgroundList<string>>;

/** A page showing a list the background keeps, read through `read`; the hook's last value is in `latest`. */
function mount(read: () => Promise<string[]>, onRead?: (next: string[]) => void) {
  let latest: Hook | undefined;
  function View() {
    latest = useBackgroundList('queue', read, () => 'The list could not be read.', onRead);
    return <p>{latest.list?.join(', ') ?? 'loading'}</p>;
  }
  const view = renderInto(<View />);
  return { view, hook: () => latest! };
}

const announce = (change: string, id = fakeBrowser.runtime.id) =>
  fakeBrowser.runtime.onMessage.trigger({ type: 'stateChanged', change }, { id }, () => undefined);

describe('a list the background keeps, on a page', () => {
  // Effects run after the next frame; linkedom has no frames.
  beforeAll(() => {
    options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
  });
  beforeEach(() => fakeBrowser.reset());

  it('is read on opening, and again only when the background announces its own kind of change', async () => {
    let reads = 0;
    const seen: string[][] = [];
    const { view } = mount(
      async () => [`read ${++reads}`],
      (next) => seen.push(next),
    );
    await view.settle();
    expect(view.text()).toBe('read 1');
    await announce('runs');
    await announce('queue', 'another-extension');
    await view.settle();
    expect(reads).toBe(1);
    await announce('queue');
    await view.settle();
    expect(view.text()).toBe('read 2');
    expect(seen).toEqual([['read 1'], ['read 2']]);
  });

  it('shows what an action answers, keeps the list on a null answer, and says a failure in words', async () => {
    const { view, hook } = mount(async () => ['a', 'b']);
    await view.settle();
    await hook().act(async () => ['b']);
    await view.settle();
    expect(view.text()).toBe('b');
    await hook().act(async () => null);
    await view.settle();
    expect(view.text()).toBe('b');

    await hook().act(async () => Promise.reject(new Error('boom')));
    await view.settle();
    expect(hook().error?.message).toBe('The list could not be read.');
    expect(view.text()).toBe('b');
    await hook().act(async () => Promise.reject(new ApiError({ kind: 'rate-limited', message: 'Too many requests: wait a minute.' })));
    await view.settle();
    expect(hook().error?.message).toBe('Too many requests: wait a minute.');
    // A new action clears the error it replaces.
    await hook().act(async () => ['c']);
    await view.settle();
    expect(hook().error).toBeNull();
    expect(view.text()).toBe('c');
  });
});
