import { useState } from 'preact/hooks';
import type { SiteSummary } from '@/lib/protocol';
import { saveFile } from '@/lib/report/report-file';
import { siteCsv, siteFileName, siteMarkdown } from '@/lib/site/site-export';
import { t } from '@/lib/shared/i18n';

/** "Copy as Markdown" (a fix list by check) and "Download CSV" (a row per page and failed check), with what came of it in words. */
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

  return (
    <>
      <button type="button" class="button" data-action="copy-markdown" onClick={() => void copy()}>
        {t('actionCopyMarkdown')}
      </button>
      <button type="button" class="button" data-action="download-csv" onClick={download}>
        {t('siteDownloadCsv')}
      </button>
      <p class={`site__outcome${outcome?.tone === 'failed' ? ' site__outcome--failed' : ''}`} role="status">
        {outcome?.text ?? ''}
      </p>
      {manual !== null && <textarea class="site__manual-copy" readOnly rows={8} aria-label={t('siteMarkdownManual')} value={manual} />}
    </>
  );
}
