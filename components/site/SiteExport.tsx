import { useState } from 'preact/hooks';
import type { SiteSummary } from '@/lib/protocol';
import { saveFile } from '@/lib/report/report-file';
import { siteCsv, siteFileName, siteMarkdown } from '@/lib/site/site-export';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { JIRA_MAX_REPORTS } from '@/lib/report/jira-reports';
import { JiraExportButton } from '@/components/handover/JiraExportButton';
import { t } from '@/lib/shared/i18n';

/** The pages with a failed check, those with the most first: the ones a Jira export of the site reads. */
const pagesToExport = (summary: SiteSummary) => {
  const failing = summary.pages.filter((page) => page.failed.length > 0).sort((a, b) => b.failed.length - a.failed.length);
  return { targets: failing.slice(0, JIRA_MAX_REPORTS).map(({ id, url }) => ({ id, url })), total: failing.length };
};

/**
 * "Copy as Markdown" (a fix list by check), "Download CSV" (a row per page and failed check), "Download as HTML" (the site as
 * printed, in one file) and "Export for Jira" (each page's failed checks, read from its latest report), with what came of it in words.
 */
export function SiteExport({ summary }: { summary: SiteSummary }) {
  const [outcome, setOutcome] = useState<{ tone: 'done' | 'failed'; text: string } | null>(null);
  const [manual, setManual] = useState<string | null>(null);

  const copy = async () => {
    const markdown = siteMarkdown(summary);
    try {
      await navigator.clipboard.writeText(markdown);
      setManual(null);
      setOutcome({ tone: 'done', text: t('siteCopied') });
    } catch {
      // The clipboard can be refused (a policy, a page without focus): the text is offered to copy by hand.
      setManual(markdown);
      setOutcome({ tone: 'failed', text: t('actionCopyRefused') });
    }
  };

  const download = () => {
    const name = siteFileName(summary.project);
    try {
      saveFile(siteCsv(summary), name, 'text/csv');
      setOutcome({ tone: 'done', text: t('actionSavedFile', { file: name }) });
    } catch (error) {
      setOutcome({ tone: 'failed', text: t('actionSaveFailed', { reason: error instanceof Error ? error.message : String(error) }) });
    }
  };

  // The file writer is loaded on the first click, not with the page.
  const downloadHtml = async () => {
    try {
      const [{ siteHtml, siteHtmlFileName }, handover] = await Promise.all([import('@/lib/site/site-html'), sendToBackground('getHandover', {})]);
      const name = siteHtmlFileName(summary.project);
      saveFile(siteHtml(summary, handover.agency, new Date().toISOString()), name, 'text/html');
      setOutcome({ tone: 'done', text: t('actionSavedFile', { file: name }) });
    } catch (error) {
      setOutcome({ tone: 'failed', text: t('actionSaveFailed', { reason: error instanceof Error ? error.message : String(error) }) });
    }
  };

  return (
    <>
      <button type="button" class="button" data-action="copy-markdown" onClick={() => void copy()}>
        {t('actionCopyMarkdown')}
      </button>
      <button type="button" class="button" data-action="download-csv" onClick={download}>
        {t('siteDownloadCsv')}
      </button>
      <button type="button" class="button" data-action="download-html" onClick={() => void downloadHtml()}>
        {t('handoverDownloadHtml')}
      </button>
      <JiraExportButton targets={async () => pagesToExport(summary)} name={summary.project} disabled={summary.phase === 'reading'} />
      <p class={`site__outcome${outcome?.tone === 'failed' ? ' site__outcome--failed' : ''}`} role="status">
        {outcome?.text ?? ''}
      </p>
      {manual !== null && <textarea class="site__manual-copy" readOnly rows={8} aria-label={t('siteMarkdownManual')} value={manual} />}
    </>
  );
}
