import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import type { Report } from '@/lib/api';
import { DEFAULT_LIST_QUERY } from '@/lib/shared/list-options';
import { ReportRow } from '@/components/options/reports/ReportRow';
import { ReportsTable } from '@/components/options/reports/ReportsTable';
import { renderInto } from '../report/dom';

function report(id: number, change: Partial<Report> = {}): Report {
  return {
    id,
    url: `shop.example/item-${id}`,
    project: 'shop.example',
    score: 50 + id,
    label: 'decent',
    privacy: 1,
    hasPassword: false,
    generatedAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: null,
    checks: null,
    ...change,
  };
}

const noop = () => undefined;

function table(reports: Report[], { loading = false, selected = new Set<number>(), onDelete = noop as (r: Report) => void } = {}) {
  return (
    <ReportsTable
      reports={reports}
      query={{ ...DEFAULT_LIST_QUERY }}
      caption="Reports, page 1"
      loading={loading}
      selected={selected}
      activity={new Map()}
      now={0}
      onSelect={noop}
      onSelectAll={noop}
      onSort={noop}
      onPrivacy={noop}
      onRegenerate={noop}
      onDelete={onDelete}
    />
  );
}

/** The accessible name given by aria-labelledby: the referenced elements' words, in order. */
function labelledName(root: HTMLElement, element: Element): string {
  return (element.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => root.querySelector(`#${id}`)?.textContent?.trim() ?? `(missing #${id})`)
    .join(' ');
}

afterEach(() => vi.restoreAllMocks());

describe('the reports table', () => {
  it('names every action of a row with its words and the row’s address, on every page', async () => {
    const view = renderInto(table([report(1), report(2)]));
    const names = () =>
      [...view.root.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('.rm-actions > *')].map((action) => labelledName(view.root, action)),
      );
    expect(names()).toEqual([
      [
        'Open report shop.example/item-1',
        'Privacy shop.example/item-1',
        'Regenerate shop.example/item-1',
        'Delete shop.example/item-1',
        'Copy link shop.example/item-1',
      ],
      [
        'Open report shop.example/item-2',
        'Privacy shop.example/item-2',
        'Regenerate shop.example/item-2',
        'Delete shop.example/item-2',
        'Copy link shop.example/item-2',
      ],
    ]);
    // The next page patches the same rows: the names follow the new addresses.
    render(table([report(7), report(8)]), view.root);
    await view.settle();
    expect(names().map((row) => row[3])).toEqual(['Delete shop.example/item-7', 'Delete shop.example/item-8']);
  });

  it('draws a row again only when its own report or choice changes', async () => {
    const reports = [report(1), report(2), report(3)];
    const view = renderInto(table(reports));
    const drawn = vi.spyOn(ReportRow.prototype, 'render');
    render(table(reports, { loading: true }), view.root);
    await view.settle();
    expect(drawn).not.toHaveBeenCalled();

    render(table([reports[0]!, report(2, { score: 90, label: 'good' }), reports[2]!], { selected: new Set([3]) }), view.root);
    await view.settle();
    expect(drawn.mock.contexts.map((row) => (row as ReportRow).props.report.id)).toEqual([2, 3]);
    expect(view.root.querySelector('tr[data-report-id="2"] .score__value')?.textContent).toContain('90');
  });

  it('runs the newest handler a table was given, though the rows were not drawn again', async () => {
    const reports = [report(1)];
    const first = vi.fn();
    const second = vi.fn();
    const view = renderInto(table(reports, { onDelete: first }));
    render(table(reports, { onDelete: second }), view.root);
    await view.settle();
    (view.root.querySelector('.button--danger') as HTMLButtonElement).click();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(reports[0]);
  });
});
