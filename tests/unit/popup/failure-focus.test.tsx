import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { FailureNotice } from '@/components/popup/lazy-screens';
import { ReportForm } from '@/components/popup/ReportForm';
import type { ErrorView } from '@/lib/pages/error-view';
import { renderInto } from '../report/dom';

/**
 * Where the focus goes when the popup's form shows a failure. linkedom keeps no focus: `focus()` here makes an
 * element the document's active one, as a browser does, until it leaves the document.
 */
function keepFocus(document: Document) {
  let focused: HTMLElement | null = null;
  const { HTMLElement } = document.defaultView as unknown as { HTMLElement: typeof globalThis.HTMLElement };
  Object.defineProperty(HTMLElement.prototype, 'focus', {
    value(this: HTMLElement) {
      focused = this; // eslint-disable-line @typescript-eslint/no-this-alias -- the element focused, as a browser keeps it
    },
    configurable: true,
  });
  Object.defineProperty(document, 'activeElement', { get: () => (focused?.isConnected ? focused : document.body), configurable: true });
}

/**
 * Preact runs effects after the next frame, or after 35 ms where there are no frames, as here, in a timer that 35 ms
 * timer sets. A busy machine can fire the 35 and 50 ms timers in one turn: the last wait, set after both, comes after
 * the effects' own timer.
 */
const effectsRun = () => new Promise((resolve) => setTimeout(resolve, 50)).then(() => new Promise((resolve) => setTimeout(resolve, 0)));

const failure: ErrorView = {
  message: 'The service refused: this month’s reports are used up.',
  fields: {},
  otherFields: [],
  action: 'retry',
  retryAfterSeconds: null,
  queueable: false,
  fromService: true,
};

const form = (error: ErrorView | null) => (
  <ReportForm
    privacy={1}
    onPrivacy={() => undefined}
    password=""
    onPassword={() => undefined}
    onCreate={() => undefined}
    onQueue={() => undefined}
    error={error}
    onDismissError={() => undefined}
  />
);

const active = () => {
  const el = document.activeElement as HTMLElement;
  return el === document.body ? 'body' : `${el.className}: ${el.textContent?.trim()}`;
};

beforeAll(() => FailureNotice.preload());

describe('the focus when the popup’s form shows a failure', () => {
  it('moves from "Create report" to the notice when the run failed before its own screen was drawn', async () => {
    const view = renderInto(form(null));
    keepFocus(document);
    await effectsRun();
    expect(active()).toBe('button button--primary report-form__submit: Create report');
    render(form(failure), view.root);
    await effectsRun();
    expect(view.root.querySelector('.notice')?.textContent).toContain(failure.message);
    expect(active()).toBe('button button--link: Dismiss');
  });

  it('goes to the notice when the form opens on a failure', async () => {
    renderInto(form(failure));
    keepFocus(document);
    await effectsRun();
    expect(active()).toBe('button button--link: Dismiss');
  });

  it('stays where the person put it outside the form', async () => {
    const view = renderInto(
      <>
        <a class="elsewhere" href="/report.html?id=1">
          An older report
        </a>
        <div id="form" />
      </>,
    );
    keepFocus(document);
    const place = view.root.querySelector('#form') as HTMLElement;
    render(form(null), place);
    await effectsRun();
    (view.root.querySelector('a.elsewhere') as HTMLElement).focus();
    render(form(failure), place);
    await effectsRun();
    expect(view.root.querySelector('.notice')).not.toBeNull();
    expect(active()).toBe('elsewhere: An older report');
  });
});
