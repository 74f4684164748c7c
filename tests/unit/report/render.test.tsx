import { describe, expect, it, vi } from 'vitest';
import type { ReportCheck } from '@/lib/api';
import { checkName } from '@/lib/shared/check-names';
import { checkDetails } from '@/lib/report/check-guide';
import { readFinding } from '@/lib/report/findings';
import { CheckItem } from '@/components/report/CheckItem';
import { CheckList, FIRST_FRAME_CHECKS } from '@/components/report/CheckList';
import { groupChecks } from '@/lib/report/check-groups';
import type { ShowOnPageControl } from '@/components/report/ShowOnPage';
import { FindingByKind } from '@/components/report/FindingByKind';
import { HUGE, LINK_MARKUP, MARKUP, WRONG_TYPES } from '../../fixtures/report-view/hostile';
import { RECORDED, reportOf } from '../../fixtures/report-view';
import { injected, renderInto } from './dom';

const control = (over: Partial<ShowOnPageControl> = {}): ShowOnPageControl => ({
  tab: null,
  shown: null,
  busy: null,
  message: null,
  toggle: vi.fn(),
  step: vi.fn(),
  ...over,
});

const checksOf = (results: unknown): Record<string, ReportCheck> => reportOf(results).checks ?? {};
const item = (key: string, check: ReportCheck, onPage = control()) => (
  <CheckItem shown={{ key, name: checkName(key), check, details: checkDetails(key) }} onPage={onPage} />
);

const bodies = {
  'the good page': checksOf(RECORDED.good.results),
  'the mediocre page': checksOf(RECORDED.mediocre.results),
  'the bad page': checksOf(RECORDED.bad.results),
  'wrong types': checksOf(WRONG_TYPES),
  'huge and deep values': checksOf(HUGE),
};
const cases = Object.entries(bodies).flatMap(([body, checks]) => Object.entries(checks).map(([key, check]) => [body, key, check] as const));

describe('every check of every body, drawn', () => {
  it.each(cases)('%s: %s draws without throwing, and no string turns into markup', (_body, key, check) => {
    const view = renderInto(item(key, check));
    expect(injected(view.root)).toEqual([]);
    expect(view.root.querySelector('li.check')?.getAttribute('data-check')).toBe(key);
    expect(view.text()).toContain(checkName(key));
  });
});

describe('the list of checks', () => {
  it('draws the first checks whole in its first frame, under their categories’ headings, and every check after that frame is painted', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    try {
      const checks = bodies['the bad page'];
      const groups = groupChecks(checks);
      const view = renderInto(<CheckList groups={groups} onPage={control()} onShowAll={vi.fn()} />);
      const lines = () => [...view.root.querySelectorAll('li.check')];
      const keys = () => lines().map((li) => li.getAttribute('data-check'));
      const headings = () => [...view.root.querySelectorAll('.category__name')].map((h) => h.textContent);
      const inOrder = groups.flatMap((group) => group.checks.map((shown) => shown.key));
      expect(inOrder.length).toBeGreaterThan(FIRST_FRAME_CHECKS);
      expect(keys()).toEqual(inOrder.slice(0, FIRST_FRAME_CHECKS));
      expect(lines().every((li) => li.querySelector('.check__why'))).toBe(true);
      const firstHeadings = headings();
      expect(firstHeadings.length).toBeLessThan(groups.length);
      // Preact runs effects after the frame (or within 35 ms without one); the list asks for the frame after that.
      await expect.poll(() => frames.length).toBeGreaterThan(0);
      expect(keys()).toHaveLength(FIRST_FRAME_CHECKS);
      frames.splice(0).forEach((frame) => frame());
      await view.settle();
      await view.settle();
      expect(keys()).toEqual(inOrder);
      expect(lines().every((li) => li.querySelector('.check__why'))).toBe(true);
      // The headings drawn first say what they say after: each category's counts, not those of the checks drawn.
      expect(headings().slice(0, firstHeadings.length)).toEqual(firstHeadings);
      expect(view.text()).toContain('5 images without alt text');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('what a check says', () => {
  const bad = bodies['the bad page'];

  it('a failed check: its name, failed, its importance, why it matters and how to fix it', () => {
    const view = renderInto(item('image_keywords', bad.image_keywords!));
    expect(view.text()).toContain('Image alt text: failed');
    expect(view.text()).toContain('High importance');
    expect(view.text()).toContain(checkDetails('image_keywords')!.why);
    expect(view.text()).toContain(`How to fix: ${checkDetails('image_keywords')!.fix}`);
    expect(view.text()).toContain('5 images without alt text');
  });

  it('a passed check: why it matters, but no fix', () => {
    const view = renderInto(item('noindex', bad.noindex!));
    expect(view.text()).toContain('Noindex tag: passed');
    expect(view.text()).not.toContain('How to fix');
  });

  it('a list: the first 10, and "N more" that shows the rest and can hide them again', async () => {
    const view = renderInto(item('image_format', bad.image_format!));
    expect(view.root.querySelectorAll('.finding__items li')).toHaveLength(10);
    const more = view.root.querySelector<HTMLButtonElement>('.finding__more')!;
    expect(more.textContent).toBe('18 more of 28 images in older formats');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    more.dispatchEvent(new window.Event('click'));
    await view.settle();
    expect(view.root.querySelectorAll('.finding__items li')).toHaveLength(28);
    expect(more.textContent).toBe('Show fewer of 28 images in older formats');
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });

  it('a number against the limit the report sent', () => {
    expect(renderInto(item('load_time', bad.load_time!)).text()).toContain('3.78 s (limit: at most 2 s)');
  });

  it('a text with its length against the usual limit', () => {
    const view = renderInto(item('title', bodies['the good page'].title!));
    expect(view.text()).toContain('54 characters (usual limit: 1 to 60 characters)');
  });

  it('tag counts, each tag as text', () => {
    const view = renderInto(item('deprecated_html_tags', bad.deprecated_html_tags!));
    expect([...view.root.querySelectorAll('.finding--counts li')].map((li) => li.textContent)).toEqual(['<center> × 6', '<font> × 41', '<u> × 2']);
    expect(view.root.querySelector('center, font, u')).toBeNull();
  });

  it('links only http(s) addresses, and opens them apart from the extension', () => {
    const view = renderInto(item('unsafe_cross_origin_links', checksOf(WRONG_TYPES).unsafe_cross_origin_links!));
    const links = [...view.root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([new URL(LINK_MARKUP).href]);
    expect(links[0]!.textContent).toBe(LINK_MARKUP);
    expect(links.every((a) => a.getAttribute('rel') === 'noopener noreferrer' && a.getAttribute('target') === '_blank')).toBe(true);
    // Not http(s), or not one address: shown, never linked.
    expect(view.text()).toContain('javascript:window.__pwned=3');
    expect(view.text()).toContain(`https://example.com/ ${MARKUP}`);
  });

  it('markup in a check of an unknown key shows as the text it is', () => {
    const view = renderInto(<FindingByKind finding={readFinding(MARKUP, checksOf(WRONG_TYPES)[MARKUP]!)} />);
    expect(view.text()).toContain(MARKUP.slice(0, 20));
    expect(injected(view.root)).toEqual([]);
  });
});

describe('"Show on page"', () => {
  const bad = bodies['the bad page'];

  it('is offered for findings that name elements of the page, and not for others', () => {
    const offered = Object.entries(bad)
      .filter(([key, check]) => renderInto(item(key, check)).root.querySelector('.check__on-page button'))
      .map(([key]) => key);
    expect(offered).toEqual(['image_keywords', 'image_format', 'deprecated_html_tags', 'unsafe_cross_origin_links', 'inline_css']);
  });

  it('asks for the outline of its own check, and tells what was outlined', () => {
    const toggle = vi.fn();
    const off = renderInto(item('image_keywords', bad.image_keywords!, control({ toggle })));
    off.root.querySelector('.check__on-page button')!.dispatchEvent(new window.Event('click'));
    expect(toggle).toHaveBeenCalledWith('image_keywords', expect.objectContaining({ by: 'image' }), 'Image alt text');
    expect(off.root.querySelector('.check__on-page button')!.getAttribute('aria-pressed')).toBe('false');

    const on = renderInto(
      item('image_keywords', bad.image_keywords!, control({ shown: { key: 'image_keywords', tabId: 3, result: { found: 4, missing: 1 } } })),
    );
    expect(on.root.querySelector('.check__on-page button')!.getAttribute('aria-pressed')).toBe('true');
    expect(on.text()).toContain('4 outlined in the tab; 1 not found on the page now. Press again to remove the outline.');
  });

  it('says why it could not, beside its own button only', () => {
    const view = renderInto(
      item('image_keywords', bad.image_keywords!, control({ message: { key: 'image_keywords', text: 'Open it in a tab first.' } })),
    );
    expect(view.root.querySelector('.check__on-page [role="status"]')!.textContent).toBe('Open it in a tab first.');
    expect(renderInto(item('image_format', bad.image_format!, control({ message: { key: 'image_keywords', text: 'x' } }))).text()).not.toContain(
      'x.',
    );
  });
});
