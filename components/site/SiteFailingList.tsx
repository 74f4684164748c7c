import type { SitePage, SiteSummary } from '@/lib/protocol';
import { checkDetails } from '@/lib/report/check-guide';
import { failingWithPages } from '@/lib/site/site-pages';
import { checkName } from '@/lib/shared/check-names';
import { reportViewPath } from '@/lib/shared/report-view-address';
import { t, tn } from '@/lib/shared/i18n';
import { useMemo } from 'preact/hooks';
import { namedService } from '@/lib/pages/send-to-background';

const IMPORTANCE = { high: 'importanceHighLong', medium: 'importanceMediumLong', low: 'importanceLowLong' } as const;

/**
 * What fails across the site: each check failed by the latest report of at least one page, most
 * impact (importance × pages) first, with why it matters and how to fix it; each opens onto its pages.
 */
export function SiteFailingList({ summary }: { summary: SiteSummary }) {
  const groups = useMemo(() => failingWithPages(summary.pages, summary.failing), [summary.pages, summary.failing]);
  return (
    <section class="site-failing card" aria-labelledby="site-failing-heading" data-count={groups.length} data-drawn="true">
      <h2 id="site-failing-heading">{t('siteFailingHeading')}</h2>
      {groups.length === 0 ? (
        <p class="muted">{summary.pages.length === 0 ? t('siteNoPages') : t('siteNothingFails')}</p>
      ) : (
        <ol class="site-failing__list">
          {groups.map(({ check, pages }) => (
            <FailingCheck key={check.key} checkKey={check.key} importance={check.importance} pages={pages} total={summary.pages.length} />
          ))}
        </ol>
      )}
    </section>
  );
}

function FailingCheck({
  checkKey,
  importance,
  pages,
  total,
}: {
  checkKey: string;
  importance: keyof typeof IMPORTANCE;
  pages: SitePage[];
  total: number;
}) {
  const details = checkDetails(checkKey);
  return (
    <li class="site-failing__check" data-check={checkKey} data-pages={pages.length} data-importance={importance}>
      <details>
        <summary>
          <span class="site-failing__name">{checkName(checkKey)}</span>{' '}
          <span class={`site-failing__importance site-failing__importance--${importance}`}>{t(IMPORTANCE[importance])}</span>{' '}
          <span class="site-failing__count">{t('siteFailsOnOf', { pages: pages.length, total })}</span>
        </summary>
        {details && (
          <div class="site-failing__guide">
            <p>
              <strong>{t('siteWhy')}</strong> {details.why}
            </p>
            <p>
              <strong>{t('siteHowToFix')}</strong> {details.fix}
            </p>
          </div>
        )}
        <ul class="site-failing__pages" aria-label={tn('siteFailsOnPages', pages.length)}>
          {pages.map((page) => (
            <li key={page.url}>
              <a href={reportViewPath({ ...page, service: namedService() })} target="_blank" rel="noopener" translate={false}>
                {page.url}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
