import { useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { asApiError } from '@/lib/api/errors';
import type { Handover, ReportView } from '@/lib/protocol';
import { saveFile } from '@/lib/report/report-file';
import { copyText } from '@/lib/pages/copy-text';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { reportLink } from '@/lib/shared/report-link';
import { t, tn } from '@/lib/shared/i18n';

const PrivacyDialog = lazyComponent(() => import('@/components/ui/PrivacyDialog').then((m) => m.PrivacyDialog));

type Outcome = { tone: 'done' | 'failed' | 'private'; text: string } | null;

/** The report handed over: printed or saved as PDF, as one HTML file, as a link that respects its privacy, or as issues for Jira. */
export function HandoverActions({ view, handover, onSaved }: { view: ReportView; handover: Handover; onSaved: (report: Report) => void }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const { report } = view;

  const save = (text: string, name: string, type: string, done: string) => {
    try {
      saveFile(text, name, type);
      setOutcome({ tone: 'done', text: done });
    } catch (error) {
      setOutcome({ tone: 'failed', text: t('actionSaveFailed', { reason: error instanceof Error ? error.message : String(error) }) });
    }
  };

  // The file writers are loaded on the first click that needs one, not with the page.
  const downloadHtml = async () => {
    const { reportHtml, reportHtmlFileName } = await import('@/lib/report/report-html');
    const name = reportHtmlFileName(report.id);
    save(reportHtml(view, handover.agency), name, 'text/html', t('actionSavedFile', { file: name }));
  };

  const exportJira = async () => {
    const [{ jiraCsv, jiraFileName }, { handoverChecks }] = await Promise.all([
      import('@/lib/report/jira-csv'),
      import('@/lib/report/handover-checks'),
    ]);
    const link = reportLink(report.privacy, view.webUrl);
    const { csv, rows } = jiraCsv([{ address: report.url, link, checks: handoverChecks(report) }]);
    if (rows === 0) return setOutcome({ tone: 'done', text: t('jiraNone') });
    const name = jiraFileName(String(report.id));
    save(csv, name, 'text/csv', tn('jiraSaved', rows, { file: name }));
  };

  const failedToLoad = (error: unknown) => setOutcome({ tone: 'failed', text: asApiError(error).message });

  const copyLink = async () => {
    setManualCopy(null);
    const link = reportLink(report.privacy, view.webUrl);
    if (link.kind === 'private') return setOutcome({ tone: 'private', text: t('linkPrivate') });
    const copied = await copyText(link.url);
    setManualCopy(copied ? null : link.url);
    if (!copied) return setOutcome({ tone: 'failed', text: t('actionCopyRefused') });
    setOutcome({ tone: 'done', text: link.kind === 'public' ? t('linkCopiedPublic') : t('linkCopiedPassword') });
  };

  const openPrivacy = () =>
    void PrivacyDialog.preload().then(
      () => setPrivacyOpen(true),
      (error: unknown) => setOutcome({ tone: 'failed', text: asApiError(error).message }),
    );

  return (
    <div class="report__handover screen-only">
      <div class="report__buttons" role="group" aria-label={t('handoverCard')}>
        <button type="button" class="button" onClick={() => window.print()}>
          {t('handoverPrint')}
        </button>
        <button type="button" class="button" onClick={() => void downloadHtml().catch(failedToLoad)}>
          {t('handoverDownloadHtml')}
        </button>
        <button type="button" class="button" onClick={() => void copyLink()}>
          {t('handoverCopyLink')}
        </button>
        <button type="button" class="button" onClick={() => void exportJira().catch(failedToLoad)}>
          {t('handoverExportJira')}
        </button>
      </div>
      <div class={`report__outcome report__outcome--${outcome?.tone ?? 'none'}`} role="status" data-handover-outcome={outcome?.tone ?? ''}>
        {outcome?.text}
        {outcome?.tone === 'private' && (
          <>
            {' '}
            <button type="button" class="button button--link" onClick={openPrivacy}>
              {t('linkMakeShareable')}
            </button>
          </>
        )}
      </div>
      {manualCopy !== null && <input class="input" aria-label={t('linkManualCopy')} readOnly value={manualCopy} ref={(el) => el?.select()} />}
      {privacyOpen && (
        <PrivacyDialog
          report={report}
          onSaved={(saved) => {
            onSaved(saved);
            setOutcome(null);
          }}
          onFailed={() => undefined}
          onClose={() => setPrivacyOpen(false)}
        />
      )}
    </div>
  );
}
