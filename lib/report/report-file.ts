import type { ReportView } from '@/lib/protocol';

/** "Download JSON": the report with every check as the service sent it, as a file. */

export function reportJson(view: Pick<ReportView, 'report' | 'webUrl'>): string {
  const { checks, ...report } = view.report;
  return `${JSON.stringify({ ...report, webUrl: view.webUrl, results: checks }, null, 2)}\n`;
}

export const reportFileName = (id: number) => `site-report-${id}.json`;

/** Saves `text` as a file through the browser's own download, from an object address freed right after. */
export function saveFile(text: string, name: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
