import { describe, expect, it } from 'vitest';
import type { ListedReport } from '@/lib/protocol';
import { ReportSummary } from '@/components/popup/ReportSummary';
import { injected, renderInto } from '../report/dom';

const report = (summary: ListedReport['summary']): ListedReport => ({
  id: 42,
  url: 'example.com/shoes',
  project: 'example.com',
  score: 73,
  label: 'decent',
  privacy: 0,
  hasPassword: false,
  generatedAt: '2024-05-01T10:00:00.000Z',
  createdAt: null,
  updatedAt: null,
  checks: null,
  summary,
});

describe('a report’s checks summed up in the popup', () => {
  it('failed checks by importance, the first failed ones of high importance, what changed, and the way to all of them', () => {
    const view = renderInto(
      <ReportSummary
        report={report({
          total: 36,
          failed: { high: 2, medium: 6, low: 5 },
          topFailures: [
            { key: 'headings', name: 'Headings' },
            { key: 'image_keywords', name: 'Image alt text' },
          ],
          change: { previousId: 41, scoreDelta: 8, fixed: 2, broken: 1 },
        })}
        tabId={7}
      />,
    );
    expect(view.root.querySelector('.summary__counts')?.textContent).toBe('13 failed: 2 high, 6 medium, 5 low importance');
    expect([...view.root.querySelectorAll('.summary__top li')].map((li) => li.textContent)).toEqual(['Headings', 'Image alt text']);
    expect(view.root.querySelector('.summary__change')?.textContent).toBe(
      'Since the report before: score +8, 2 checks fixed, 1 check newly failing.',
    );
    const all = view.root.querySelector('a.summary__all')!;
    expect(all.textContent).toBe('All 36 checks');
    expect(all.getAttribute('href')).toBe('/report.html?id=42&tab=7&at=2024-05-01T10%3A00%3A00.000Z&url=example.com%2Fshoes');
  });

  it.each([
    [{ previousId: 1, scoreDelta: -3, fixed: 0, broken: 2 }, 'Since the report before: score −3, 2 checks newly failing.'],
    [{ previousId: 1, scoreDelta: 0, fixed: 0, broken: 0 }, 'Since the report before: score ±0.'],
    [{ previousId: 1, scoreDelta: null, fixed: 0, broken: 0 }, 'Since the report before: no check changed.'],
  ])('a change %j reads %j', (change, words) => {
    const view = renderInto(
      <ReportSummary report={report({ total: 3, failed: { high: 0, medium: 1, low: 0 }, topFailures: [], change })} tabId={undefined} />,
    );
    expect(view.root.querySelector('.summary__change')?.textContent).toBe(words);
  });

  it('says when every check passed, and shows nothing for a report without checks', () => {
    const passed = renderInto(
      <ReportSummary report={report({ total: 5, failed: { high: 0, medium: 0, low: 0 }, topFailures: [], change: null })} tabId={1} />,
    );
    expect(passed.root.querySelector('.summary__counts')?.textContent).toBe('All 5 checks passed.');
    expect(passed.root.querySelector('.summary__top')).toBeNull();
    expect(passed.root.querySelector('.summary__all')?.textContent).toBe('All 5 checks');
    expect(renderInto(<ReportSummary report={report(null)} tabId={1} />).root.innerHTML).toBe('');
  });

  it('shows a check’s name as text, whatever the service called it', () => {
    const name = '<img src=x onerror=alert(1)>';
    const view = renderInto(
      <ReportSummary
        report={report({ total: 1, failed: { high: 1, medium: 0, low: 0 }, topFailures: [{ key: name, name }], change: null })}
        tabId={1}
      />,
    );
    expect(injected(view.root)).toEqual([]);
    expect(view.text()).toContain(name);
  });
});
