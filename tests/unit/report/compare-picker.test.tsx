import { describe, expect, it, vi } from 'vitest';
import type { ReportView } from '@/lib/protocol';
import type { OtherHostsState } from '@/lib/report/use-comparison';
import { ComparePicker } from '@/components/report/ComparePicker';
import { ComparisonView } from '@/components/report/ComparisonView';
import { MARKUP } from '../../fixtures/report-view/hostile';
import { RECORDED, reportOf } from '../../fixtures/report-view';
import { injected, renderInto } from './dom';

const point = (id: number, score: number, generatedAt = '2024-05-01T10:00:00Z') => ({ id, score, label: 'good' as const, generatedAt });

function viewOf(history: ReturnType<typeof point>[], over: Partial<ReportView> = {}): ReportView {
  const report = reportOf(RECORDED.good.results, { id: 10, url: 'shop.example.com/pricing' });
  return { report, webUrl: 'https://reports.example.com/reports/10', history, previous: null, historyError: null, ...over };
}

const picker = (view: ReportView, hosts: OtherHostsState, onChoose = vi.fn(), onRetryHosts = vi.fn()) =>
  renderInto(<ComparePicker view={view} hosts={hosts} onChoose={onChoose} onRetryHosts={onRetryHosts} onCancel={vi.fn()} />);

describe('the picker of "Compare with…"', () => {
  it('says there is no other report of this address, and that it is looking on other hosts', () => {
    const { root, text } = picker(viewOf([point(10, 97)]), { phase: 'loading' });
    expect(text()).toBe('No other report of this address. Looking for this path on other hosts…');
    expect(root.querySelector('select')).toBeNull();
    expect(root.querySelector('button[type="submit"]')).toBeNull();
  });

  it('says when the history could not be read, and why the other hosts could not be searched, with a way to try again', () => {
    const onRetry = vi.fn();
    const historyError = { kind: 'network' as const, message: 'The service could not be reached.' };
    const { root } = picker(viewOf([], { historyError }), { phase: 'failed', error: historyError }, vi.fn(), onRetry);
    expect(root.querySelector('[data-source="address"]')?.textContent).toBe('The earlier reports of this address could not be read.');
    expect(root.querySelector('[data-source="hosts"]')?.textContent).toBe(
      'Could not look for this path on other hosts: The service could not be reached. Try again',
    );
    (root.querySelector('[data-source="hosts"] button') as HTMLButtonElement).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('lists the other reports, newest first, then the same path on other hosts, in one labelled list', async () => {
    const onChoose = vi.fn();
    const hosts: OtherHostsState = {
      phase: 'ready',
      reports: [{ ...point(30, 60), url: 'staging.shop.example.com/pricing' }],
    };
    const view = picker(viewOf([point(3, 50, '2024-04-01T10:00:00Z'), point(7, 80, '2024-04-20T10:00:00Z'), point(10, 97)]), hosts, onChoose);
    const select = view.root.querySelector('select')!;
    expect(view.root.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Report to compare with');
    const options = [...select.querySelectorAll('option')].map((o) => [o.parentElement?.getAttribute('data-group'), o.getAttribute('value')]);
    expect(options).toEqual([
      ['address', '7'],
      ['address', '3'],
      ['hosts', '30'],
    ]);
    expect(select.querySelector('option[value="30"]')?.textContent).toMatch(/^staging\.shop\.example\.com, .+: Score 60 \(Good\)$/);
    view.root.querySelector('form')!.dispatchEvent(new window.Event('submit', { cancelable: true }));
    await view.settle();
    expect(onChoose).toHaveBeenCalledWith({ id: 7, url: 'shop.example.com/pricing' });
  });
});

describe('the comparison drawn', () => {
  it('shows what a hostile service sent as text, never as markup', () => {
    const here = viewOf([]);
    const results = {
      ...RECORDED.good.results,
      language: { passed: true, importance: 'medium', value: MARKUP },
      image_keywords: { passed: false, importance: 'high', value: null, errors: { missing: [{ url: MARKUP, text: MARKUP }] } },
    };
    const other: ReportView = { ...viewOf([]), report: reportOf(results, { id: 11, url: 'evil.example.com/<img src=x onerror=alert(1)>' }) };
    const { root } = renderInto(<ComparisonView here={here} other={other} />);
    expect(root.querySelector('.comparison__side[data-side="there"] .comparison__address')?.textContent).toBe(
      'evil.example.com/<img src=x onerror=alert(1)>',
    );
    const findings = [...root.querySelectorAll('.comparison__findings > li')].map((li) => li.getAttribute('data-check'));
    expect(findings).toEqual(['image_keywords', 'language']);
    expect(root.querySelector('.comparison__findings li[data-check="language"] dd + dt + dd')?.textContent).toBe(MARKUP);
    expect(injected(root)).toEqual([]);
  });
});
