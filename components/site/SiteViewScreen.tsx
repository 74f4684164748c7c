import type { useSiteSummary } from '@/lib/site/use-site-summary';
import { Notice } from '@/components/ui/Notice';
import { LoadFailure } from '@/components/ui/LoadFailure';
import { SiteExport } from '@/components/site/SiteExport';
import { MOST_WATCHED_AT_ONCE, WatchPagesButton } from '@/components/ui/WatchPagesButton';
import { SiteFailingList } from '@/components/site/SiteFailingList';
import { SiteHeader } from '@/components/site/SiteHeader';
import { SitePrintCover } from '@/components/site/SitePrintCover';
import { SitePagesTable } from '@/components/site/SitePagesTable';
import { SiteProgress } from '@/components/site/SiteProgress';
import { SiteTrendChart } from '@/components/site/SiteTrendChart';
import { sitemapPlannerUrl } from '@/lib/shared/site-origin';
import { SiteLimitsButton } from '@/components/site/SiteLimitsButton';
import { SiteLimitsPanel } from '@/components/site/SiteLimitsPanel';
import { useSiteLimits } from '@/lib/pages/use-site-limits';
import { t } from '@/lib/shared/i18n';

type Loaded = ReturnType<typeof useSiteSummary>;

/**
 * The site view's states: no project named, loading, failed (in plain words, with the way
 * forward), and the summary, drawn as it is read: what fails first, then the trend, then the pages.
 */
export function SiteViewScreen({ project, loaded }: { project: string | null; loaded: Loaded }) {
  const { state } = loaded;
  const summary = state.phase === 'ready' ? state.summary : null;
  const limits = useSiteLimits();
  return (
    <main
      class="site"
      data-state={state.phase}
      data-phase={summary?.phase ?? ''}
      aria-busy={summary?.phase === 'reading' || state.phase === 'loading'}
    >
      {state.phase === 'invalid' || !project ? (
        <Notice tone="error" message={t('siteInvalid')} />
      ) : (
        <>
          <SitePrintCover project={project} summary={summary} />
          <SiteHeader project={project} summary={summary}>
            {summary?.phase === 'reading' ? (
              <button type="button" class="button" data-action="cancel" onClick={loaded.cancel}>
                {t('siteCancel')}
              </button>
            ) : (
              state.phase !== 'loading' && (
                <button type="button" class="button" data-action="refresh" onClick={loaded.refresh}>
                  {t('siteRefresh')}
                </button>
              )
            )}
            {summary && <SiteExport summary={summary} />}
            {summary && (
              <button type="button" class="button" data-action="print" onClick={() => window.print()}>
                {t('handoverPrint')}
              </button>
            )}
            {summary && summary.pages.length > 0 && summary.pages.length <= MOST_WATCHED_AT_ONCE && (
              <WatchPagesButton pages={() => summary.pages.map((page) => ({ url: page.url, privacy: page.privacy }))} />
            )}
            {/* The service keeps a site's addresses without scheme or www: its pages are looked for over https at the project's host. */}
            <a class="button" data-action="plan" href={sitemapPlannerUrl(`https://${project}`)}>
              {t('smPopupOpen')}
            </a>
            <SiteLimitsButton project={project} source={limits} />
          </SiteHeader>
          {state.phase === 'loading' && (
            <p class="site__loading muted" role="status">
              <span class="spinner" aria-hidden="true" /> {t('siteLoading')}
            </p>
          )}
          {state.phase === 'failed' && <LoadFailure error={state.error} onRetry={loaded.refresh} />}
          {summary && (
            <>
              <SiteProgress summary={summary} onRetry={loaded.refresh} />
              <SiteLimitsPanel summary={summary} source={limits} />
              <SiteFailingList summary={summary} />
              <SiteTrendChart summary={summary} />
              <SitePagesTable pages={summary.pages} />
            </>
          )}
        </>
      )}
    </main>
  );
}
