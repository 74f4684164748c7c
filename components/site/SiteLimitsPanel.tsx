import { useMemo, useState } from 'preact/hooks';
import type { SiteSummary } from '@/lib/protocol';
import type { SiteLimitsSource } from '@/lib/pages/use-site-limits';
import { useNow } from '@/lib/pages/use-clock';
import { limitsSummaryText } from '@/lib/shared/limits-words';
import { pageVerdicts } from '@/lib/site/site-limits-pages';
import { reportViewPath } from '@/lib/shared/report-view-address';
import { LimitsVerdictLine } from '@/components/ui/LimitsVerdictLine';
import { t, tn } from '@/lib/shared/i18n';
import '@/components/ui/limits.css';
import { namedService } from '@/lib/pages/send-to-background';

const SHOWN = 50;

/** The site's limits: what they ask, how many pages break them, and each page's verdict, those that break them first. */
export function SiteLimitsPanel({ summary, source }: { summary: SiteSummary; source: SiteLimitsSource }) {
  const now = useNow(60_000);
  const [all, setAll] = useState(false);
  const state = source.state;
  const limits = state?.limits[summary.project];
  const accepted = useMemo(() => state?.accepted.filter((entry) => entry.project === summary.project) ?? [], [state, summary.project]);
  const verdicts = useMemo(() => (limits ? pageVerdicts(summary, limits, accepted, now) : []), [summary, limits, accepted, now]);
  if (!state) return null;
  const breaking = verdicts.filter((v) => !v.verdict.within).length;
  const shown = all ? verdicts : verdicts.slice(0, SHOWN);
  return (
    <section class="site__section site-limits" aria-labelledby="site-limits-title" data-breaking={limits ? breaking : ''}>
      <h2 id="site-limits-title">{t('siteLimitsHeading')}</h2>
      {!limits ? (
        <p class="muted">{t('siteLimitsNone')}</p>
      ) : (
        <>
          <p class="muted">{limitsSummaryText(limits)}</p>
          <p class="site-limits__count" role="status">
            {breaking === 0 ? t('siteLimitsAllWithin') : tn('siteLimitsBreaking', breaking, { total: verdicts.length })}
          </p>
          <ul class="limits-list">
            {shown.map(({ page, verdict }) => (
              <li key={page.url} data-page={page.url} data-limits={verdict.within ? 'within' : 'breaks'}>
                <a href={reportViewPath({ ...page, service: namedService() })} target="_blank" rel="noopener" translate={false}>
                  {page.url}
                </a>
                <LimitsVerdictLine verdict={verdict} />
              </li>
            ))}
          </ul>
          {!all && verdicts.length > SHOWN && (
            <button type="button" class="button" onClick={() => setAll(true)}>
              {tn('siteShowMore', verdicts.length - SHOWN)}
            </button>
          )}
        </>
      )}
    </section>
  );
}
