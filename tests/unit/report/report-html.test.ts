import { describe, expect, it } from 'vitest';
import { reportHtml } from '@/lib/report/report-html';
import { handoverChecks } from '@/lib/report/handover-checks';
import { jiraCsv } from '@/lib/report/jira-csv';
import { reportLink } from '@/lib/shared/report-link';
import { MARKUP } from '../../fixtures/report-view/hostile';
import { RECORDED, reportOf } from '../../fixtures/report-view';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('Download as HTML', () => {
  const report = reportOf(RECORDED.mediocre.results, { url: RECORDED.mediocre.url, result: RECORDED.mediocre.score });
  const html = reportHtml({ report, previous: null }, { name: 'Acme Web', logo: PNG });
  const failed = handoverChecks(report).filter((c) => !c.passed);

  it('names every failed check with why and how to fix it, and lists the passed ones', () => {
    expect(failed.length).toBeGreaterThan(5);
    for (const check of failed) {
      expect(html).toContain(`data-check="${check.key}"`);
      expect(html).toContain(`<h3>${check.name}</h3>`);
    }
    expect(html).toContain('Checks that passed');
    expect(html).toContain('Prepared by Acme Web');
    expect(html).toContain(`<img src="${PNG}"`);
  });

  it('loads nothing and runs nothing', () => {
    expect(html).not.toMatch(/<script|<link|<iframe|https?:\/\/[^"<\s]*"/i);
    expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
  });

  it('escapes every text the report sent, and draws no logo that is not an image', () => {
    const hostile = reportOf({ title: { passed: false, importance: 'high', value: MARKUP } }, { url: `example.com/${MARKUP}` });
    const file = reportHtml({ report: hostile, previous: null }, { name: MARKUP, logo: 'data:text/html;base64,PHNjcmlwdD4=' });
    expect(file).not.toContain('<script>window');
    expect(file).not.toContain('<img src=x');
    expect(file).toContain('&lt;script&gt;window.__pwned=2&lt;/script&gt;');
    expect(file).not.toContain('data:text/html');
  });
});

describe('Export for Jira', () => {
  it('writes one row per failed check: summary, description, priority from importance, labels', () => {
    const report = reportOf(RECORDED.mediocre.results, { url: RECORDED.mediocre.url });
    const checks = handoverChecks(report);
    const { csv, rows } = jiraCsv([{ address: report.url, link: reportLink(2, 'https://r.example.com/reports/9'), checks }]);
    expect(rows).toBe(checks.filter((c) => !c.passed).length);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"Summary","Description","Priority","Labels"');
    expect(csv).toContain(`"Fix: Image alt text on ${report.url}"`);
    expect(csv).toContain('"High","site-report image_keywords"');
    expect(csv).toContain('"Medium","site-report load_time"');
    expect(csv).toContain('Report: https://r.example.com/reports/9');
  });

  it('quotes what the service sent, quotes doubled', () => {
    const checks = handoverChecks(reportOf({ title: { passed: false, importance: 'low', value: 'x' } }));
    const { csv } = jiraCsv([{ address: '=HYPERLINK("http://evil")', link: reportLink(1, ''), checks }]);
    expect(csv).toContain(`"Fix: Title on =HYPERLINK(""http://evil"")"`);
  });
});
