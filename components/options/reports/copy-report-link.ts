import type { Report } from '@/lib/api';
import { reportWebUrl } from '@/lib/api/service-address';
import { copyText } from '@/lib/pages/copy-text';
import { reportLink } from '@/lib/shared/report-link';
import { t } from '@/lib/shared/i18n';

/**
 * A row's "Copy link": the report's address on the service, with a reminder when a password is
 * needed; a private report gets no link, its reason told and the privacy dialog opened instead.
 */
export async function copyReportLink(report: Report, baseUrl: string, announce: (text: string) => void, openPrivacy: () => void): Promise<void> {
  const link = reportLink(report.privacy, reportWebUrl(baseUrl, report.id));
  if (link.kind === 'private') {
    announce(t('linkPrivate'));
    openPrivacy();
    return;
  }
  if (!(await copyText(link.url))) return announce(t('linkCopyRefused', { address: link.url }));
  announce(link.kind === 'public' ? t('linkCopiedPublic') : t('linkCopiedPassword'));
}
