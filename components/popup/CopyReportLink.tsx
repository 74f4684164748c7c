import { useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { reportWebUrl } from '@/lib/api/service-address';
import { copyText } from '@/lib/pages/copy-text';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { reportLink } from '@/lib/shared/report-link';
import { t } from '@/lib/shared/i18n';

const PrivacyDialog = lazyComponent(() => import('@/components/ui/PrivacyDialog').then((m) => m.PrivacyDialog));

/** "Copy link" for the page's latest report: its address on the service as its privacy allows, or why there is none and the privacy dialog. */
export function CopyReportLink({ report, baseUrl }: { report: Report; baseUrl: string }) {
  const [current, setCurrent] = useState(report);
  const [text, setText] = useState<{ tone: 'done' | 'private' | 'failed'; words: string } | null>(null);
  const [dialog, setDialog] = useState(false);
  const shown = current.id === report.id ? current : report;

  const copy = async (target: Report) => {
    const link = reportLink(target.privacy, reportWebUrl(baseUrl, target.id));
    if (link.kind === 'private') return setText({ tone: 'private', words: t('linkPrivate') });
    if (!(await copyText(link.url))) return setText({ tone: 'failed', words: t('linkCopyRefused', { address: link.url }) });
    setText({ tone: 'done', words: link.kind === 'public' ? t('linkCopiedPublic') : t('linkCopiedPassword') });
  };

  return (
    <div class="copy-link">
      <button type="button" class="button button--link" onClick={() => void copy(shown)}>
        {t('handoverCopyLink')}
      </button>
      <p class="copy-link__status muted" role="status" data-tone={text?.tone ?? ''}>
        {text?.words}
        {text?.tone === 'private' && (
          <>
            {' '}
            <button type="button" class="button button--link" onClick={() => void PrivacyDialog.preload().then(() => setDialog(true))}>
              {t('linkMakeShareable')}
            </button>
          </>
        )}
      </p>
      {dialog && (
        <PrivacyDialog
          report={shown}
          onSaved={(saved) => {
            setCurrent(saved);
            setText(null);
          }}
          onFailed={() => undefined}
          onClose={() => setDialog(false)}
        />
      )}
    </div>
  );
}
