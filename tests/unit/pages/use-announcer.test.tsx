import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAnnouncer } from '@/lib/pages/use-announcer';
import { renderInto } from '../report/dom';

/** Frames that come only when the test draws one, as a page's do, one after another. */
let frames: (() => void)[] = [];
const drawFrame = async () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback();
  // Preact draws a state change on the next tick; the promise chain resumes before that.
  await new Promise((resolve) => setTimeout(resolve, 0));
};

const original = globalThis.requestAnimationFrame;
beforeEach(() => {
  frames = [];
  globalThis.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(() => callback(0));
});
afterEach(() => {
  globalThis.requestAnimationFrame = original;
});

/** A live region drawn with the hook, and the hook's `announce`. */
async function region() {
  let announce: (text: string) => void = () => undefined;
  function Region() {
    const [text, tell] = useAnnouncer();
    announce = tell;
    return <p data-live-region="">{text}</p>;
  }
  const view = renderInto(<Region />);
  await view.settle();
  return { view, announce: (text: string) => announce(text) };
}

describe('the live region’s words', () => {
  it('come in turn, each drawn for a frame at least, when the second is told before the first was drawn', async () => {
    const { view, announce } = await region();
    const drawn: string[] = [];
    const note = () => {
      const text = view.text();
      if (text && drawn.at(-1) !== text) drawn.push(text);
    };

    announce('Reporting example.com/page…');
    announce('The report failed: the service answered 500.');
    for (let i = 0; i < 8; i += 1) {
      await drawFrame();
      note();
    }
    expect(drawn).toEqual(['Reporting example.com/page…', 'The report failed: the service answered 500.']);
  });

  it('says the same words twice when told twice, the region emptied between', async () => {
    const { view, announce } = await region();
    const seen: string[] = [];
    announce('Report ready.');
    announce('Report ready.');
    for (let i = 0; i < 8; i += 1) {
      await drawFrame();
      seen.push(view.text());
    }
    expect(seen.filter((text, i) => text === 'Report ready.' && seen[i - 1] !== text)).toHaveLength(2);
  });
});
