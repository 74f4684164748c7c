import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { handoverChecks } from '@/lib/report/handover-checks';
import { jiraCsv } from '@/lib/report/jira-csv';
import { JIRA_AT_ONCE, JIRA_MAX_REPORTS, jiraExport, type JiraTarget } from '@/lib/report/jira-reports';
import { reportLink } from '@/lib/shared/report-link';
import { RECORDED, reportOf } from '../../fixtures/report-view';

/** Reads CSV as a spreadsheet would (RFC 4180): quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}

const failing = (importance: 'high' | 'medium' | 'low') => handoverChecks(reportOf({ title: { passed: false, importance, value: 'x' } }));

describe('Jira CSV of one or many reports', () => {
  it.each([
    ['high', 'High'],
    ['medium', 'Medium'],
    ['low', 'Low'],
  ] as const)('gives a check of %s importance the priority %s', (importance, priority) => {
    const [, row] = parseCsv(jiraCsv([{ address: 'a.example/x', link: reportLink(0, 'https://r.example/1'), checks: failing(importance) }]).csv);
    expect(row![2]).toBe(priority);
  });

  it('labels each row with single words: the export and the check', () => {
    const [, row] = parseCsv(jiraCsv([{ address: 'a.example/x', link: reportLink(0, ''), checks: failing('high') }]).csv);
    expect(row![3]).toBe('site-report title');
    expect(row![3]!.split(' ').every((word) => /^[a-z0-9_-]+$/.test(word))).toBe(true);
  });

  it('keeps quotes, commas and line breaks inside their cell', () => {
    const address = 'shop.example/"sale", 50%\noff';
    const { csv } = jiraCsv([{ address, link: reportLink(0, 'https://r.example/1'), checks: failing('low') }]);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.length === 4)).toBe(true);
    expect(rows[1]![0]).toBe(`Fix: Title on ${address}`);
    expect(rows[1]![1]).toContain('\n');
    expect(rows[1]![1]).toContain('Report: https://r.example/1');
  });

  it('writes one row per failed check of every report, report after report', () => {
    const a = reportOf(RECORDED.mediocre.results, { url: RECORDED.mediocre.url });
    const b = reportOf(RECORDED.bad.results, { url: RECORDED.bad.url });
    const failedOf = (r: typeof a) => handoverChecks(r).filter((c) => !c.passed).length;
    const { csv, rows } = jiraCsv([
      { address: a.url, link: reportLink(0, 'https://r.example/a'), checks: handoverChecks(a) },
      { address: b.url, link: reportLink(1, 'https://r.example/b'), checks: handoverChecks(b) },
    ]);
    expect(rows).toBe(failedOf(a) + failedOf(b));
    const lines = parseCsv(csv).slice(1);
    expect(lines).toHaveLength(rows);
    expect(lines.slice(0, failedOf(a)).every((row) => row[0]!.endsWith(` on ${a.url}`))).toBe(true);
    expect(lines.slice(failedOf(a)).every((row) => row[0]!.endsWith(` on ${b.url}`))).toBe(true);
    // The private report's rows say so instead of giving a link.
    expect(lines.at(-1)![1]).toContain('The report is private');
  });
});

describe('Reading many reports for Jira', () => {
  const target = (id: number): JiraTarget => ({ id, url: `shop.example/${id}` });
  const answer = (id: number) => ({
    report: reportOf({ title: { passed: false, importance: 'high', value: 'x' } }, { id, url: `shop.example/${id}` }),
    webUrl: `https://r.example/${id}`,
  });

  it('reads a few at a time, tells the progress, and keeps the chosen order', async () => {
    let running = 0;
    let most = 0;
    const progress: number[] = [];
    const made = await jiraExport(
      Array.from({ length: 10 }, (_, i) => target(i + 1)),
      async (id) => {
        most = Math.max(most, ++running);
        // Later reports answer first.
        await new Promise((resolve) => setTimeout(resolve, (11 - id) * 2));
        running--;
        return answer(id);
      },
      (done, total) => progress.push(done * 100 + total),
    );
    expect(most).toBe(JIRA_AT_ONCE);
    expect(progress).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 100 + 10));
    expect(made.read).toBe(10);
    expect(
      parseCsv(made.csv)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `Fix: Title on shop.example/${i + 1}`));
  });

  it('leaves out a report that cannot be read, names it with the reason, and writes the others', async () => {
    const made = await jiraExport(
      [target(1), target(2), target(3)],
      async (id) => {
        if (id === 2) throw new ApiError({ kind: 'extension', message: 'The service did not answer in time.' });
        return answer(id);
      },
      () => undefined,
    );
    expect(made.failed).toEqual([{ url: 'shop.example/2', reason: 'The service did not answer in time.' }]);
    expect(made.read).toBe(2);
    expect(made.rows).toBe(2);
  });

  it(`reads at most ${JIRA_MAX_REPORTS} reports, the first ones`, async () => {
    const asked: number[] = [];
    const made = await jiraExport(
      Array.from({ length: 150 }, (_, i) => target(i + 1)),
      async (id) => (asked.push(id), answer(id)),
      () => undefined,
    );
    expect(asked).toHaveLength(JIRA_MAX_REPORTS);
    expect(Math.max(...asked)).toBe(JIRA_MAX_REPORTS);
    expect(made.rows).toBe(JIRA_MAX_REPORTS);
  });

  it('reads nothing and writes only the header when nothing is chosen', async () => {
    const made = await jiraExport(
      [],
      async () => Promise.reject(new Error('not asked')),
      () => undefined,
    );
    expect(made).toMatchObject({ rows: 0, read: 0, failed: [] });
    expect(made.csv).toBe('"Summary","Description","Priority","Labels"\r\n');
  });
});
