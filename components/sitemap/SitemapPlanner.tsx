import { useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { Notice } from '@/components/ui/Notice';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { SitemapPlanData } from '@/lib/protocol';
import { t, tn } from '@/lib/shared/i18n';
import { planPages, preparePages, quotaPlan, type PlanChoice } from '@/lib/sitemap/site-plan';
import { sitemapNoteText } from '@/lib/sitemap/sitemap-text';
import { useSitemapPlanner } from '@/lib/sitemap/use-sitemap-planner';
import '@/components/sitemap/sitemap.css';

/** Addresses listed one by one; past this many, the rest are counted. */
const LISTED = 50;

/**
 * "Report this site's pages": reads the site's sitemaps (asking for the site in the click),
 * chooses the pages not reported yet or reported long ago, under a path, one per template if
 * asked, and reports them as a background run once the month's quota is weighed.
 */
export function SitemapPlanner({ origin }: { origin: string }) {
  const planner = useSitemapPlanner(origin);
  const host = new URL(origin).host;
  const { state } = planner;
  return (
    <section class="card sitemap" aria-labelledby="sitemap-title" data-phase={state.phase}>
      <h1 id="sitemap-title">{t('smTitle')}</h1>
      <p class="sitemap__origin" translate={false}>
        {origin}
      </p>
      {state.phase === 'ready' ? (
        <Planner data={state.data} quota={planner.quota} />
      ) : (
        <>
          <p>{t('smIntro', { host })}</p>
          {state.phase === 'failed' && <Notice tone="error" message={state.message} />}
          <button
            type="button"
            class="button button--primary"
            aria-disabled={!planner.ready || state.phase === 'reading'}
            onClick={() => void planner.read()}
          >
            {state.phase === 'reading' ? t('smReading') : t('smRead', { host })}
          </button>
        </>
      )}
    </section>
  );
}

function Planner({ data, quota }: { data: SitemapPlanData; quota: ReturnType<typeof useSitemapPlanner>['quota'] }) {
  const [choice, setChoice] = useState<PlanChoice>({ prefix: '', staleDays: 30, onePerTemplate: false });
  const [privacy, setPrivacy] = useState<0 | 1>(1);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; message: string } | null>(null);
  const pages = useMemo(() => preparePages(data.pages), [data]);
  const plan = useMemo(() => planPages(pages, choice, Date.now()), [pages, choice]);
  const count = plan.chosen.length;
  const { left, over } = quotaPlan(count, quota);
  const tooMany = count > data.maxPerRun;
  const change = (part: Partial<PlanChoice>) => {
    setChoice({ ...choice, ...part });
    setConfirming(false);
    setOutcome(null);
  };

  const start = async () => {
    if (count === 0 || tooMany || busy) return;
    if (over > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    setConfirming(false);
    try {
      const run = await sendToBackground('startCreateRun', { urls: plan.chosen, privacy });
      setOutcome({ tone: 'info', message: tn('smStarted', run.total) });
    } catch (caught) {
      setOutcome({ tone: 'error', message: asApiError(caught).message });
    } finally {
      setBusy(false);
    }
  };

  const counts = [
    tn('smNotReported', plan.notReported),
    tn('smStale', plan.stale, { days: choice.staleDays }),
    tn('smRecent', plan.recent),
    ...(choice.onePerTemplate ? [tn('smSameTemplate', plan.sameTemplate)] : []),
  ];
  const notes = [
    ...(data.otherSites > 0 ? [tn('smOtherSites', data.otherSites)] : []),
    ...data.notes.map(sitemapNoteText),
    ...(data.reportsError ? [t('smReportsUnread', { reason: data.reportsError.message })] : []),
  ];

  return (
    <>
      <p class="sitemap__found" role="status">
        {tn('smFound', data.pages.length, { files: tn('smFiles', data.files) })}
      </p>
      {notes.length > 0 && (
        <ul class="sitemap__notes" aria-label={t('smNotesLabel')}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div class="sitemap__controls">
        <div class="field">
          <label class="field__label" for="sitemap-prefix">
            {t('smPrefix')}
          </label>
          <input
            id="sitemap-prefix"
            class="input"
            type="text"
            value={choice.prefix}
            placeholder="/blog/"
            spellcheck={false}
            translate={false}
            onInput={(e) => change({ prefix: e.currentTarget.value })}
          />
        </div>
        <div class="field">
          <label class="field__label" for="sitemap-stale">
            {t('smStaleDays')}
          </label>
          <input
            id="sitemap-stale"
            class="input sitemap__days"
            type="number"
            min={0}
            max={3650}
            value={choice.staleDays}
            onInput={(e) => {
              // A field emptied to type another number keeps the last one until a number is there.
              const typed = e.currentTarget.value.trim();
              const days = Number(typed);
              if (typed !== '' && Number.isInteger(days) && days >= 0 && days <= 3650) change({ staleDays: days });
            }}
          />
        </div>
        <label class="check">
          <input type="checkbox" checked={choice.onePerTemplate} onChange={(e) => change({ onePerTemplate: e.currentTarget.checked })} />{' '}
          {t('smOnePerTemplate')}
        </label>
        <fieldset class="sitemap__privacy">
          <legend>{t('alPrivacy')}</legend>
          {([0, 1] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="sitemap-privacy" checked={privacy === value} onChange={() => setPrivacy(value)} />{' '}
              {value === 0 ? t('privacyPublic') : t('privacyPrivate')}
            </label>
          ))}
        </fieldset>
      </div>
      <p class="sitemap__counts muted">{counts.join(' · ')}</p>
      <p class="sitemap__quota" data-chosen={count}>
        {tn('smChosen', count)} · {quota === null ? t('smQuotaUnknown') : left === null ? t('smNoLimit') : tn('smLeft', left)}
      </p>
      {count === 0 ? (
        <p class="muted">{t('smNoneChosen')}</p>
      ) : (
        <ul class="sitemap__chosen" aria-label={t('smChosenList')}>
          {plan.chosen.slice(0, LISTED).map((url) => (
            <li key={url} translate={false}>
              {url}
            </li>
          ))}
          {count > LISTED && <li class="muted">{tn('smMore', count - LISTED)}</li>}
        </ul>
      )}
      {tooMany && <Notice tone="warning" message={t('smTooMany', { max: data.maxPerRun })} />}
      {confirming && left !== null ? (
        <Notice tone="warning" message={tn('smOverQuota', count, { left, refused: over })}>
          <button type="button" class="button button--primary" onClick={() => void start()}>
            {t('smStartAnyway')}
          </button>
          <button type="button" class="button" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </button>
        </Notice>
      ) : (
        <button
          type="button"
          class="button button--primary sitemap__start"
          aria-disabled={count === 0 || tooMany || busy}
          onClick={() => void start()}
        >
          {busy ? t('bulkStarting') : tn('smStart', count)}
        </button>
      )}
      {outcome && (
        <Notice tone={outcome.tone} message={outcome.message}>
          {outcome.tone === 'info' && (
            <button type="button" class="button" onClick={() => void browser.runtime.openOptionsPage()}>
              {t('reportOpenOptions')}
            </button>
          )}
        </Notice>
      )}
    </>
  );
}
