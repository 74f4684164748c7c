import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportView } from '@/lib/protocol';
import { ReportHeader } from '@/components/report/ReportHeader';
import { RECORDED, reportOf } from '../../fixtures/report-view';
import { renderInto } from './dom';

const view = (): ReportView => ({
  report: reportOf(RECORDED.good.results, { id: 10, url: 'shop.example.com/pricing' }),
  webUrl: 'https://reports.example.com/reports/10',
  history: [],
  previous: null,
  historyError: null,
});

describe('the report view’s heading', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the focus once the frame it is first drawn in is painted, not while that frame is drawn', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('location', { hash: '' });
    const { root, settle } = renderInto(<ReportHeader view={view()} />);
    const heading = root.querySelector('h1.report__address') as HTMLElement;
    const focus = vi.fn();
    heading.focus = focus;
    // Preact runs the effect within 35 ms when no frame comes; the focus then waits for the next frame.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(focus).not.toHaveBeenCalled();
    expect(frames.length).toBeGreaterThan(0);
    frames.splice(0).forEach((frame) => frame());
    await settle();
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('leaves the focus to the section an address names', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('location', { hash: '#changes' });
    const { root, settle } = renderInto(<ReportHeader view={view()} />);
    const focus = vi.fn();
    (root.querySelector('h1.report__address') as HTMLElement).focus = focus;
    await new Promise((resolve) => setTimeout(resolve, 150));
    frames.splice(0).forEach((frame) => frame());
    await settle();
    expect(focus).not.toHaveBeenCalled();
  });
});
