import { useState } from 'preact/hooks';
import { Notice } from '@/components/ui/Notice';
import { WatchAlertSettings } from '@/components/options/watches/WatchAlertSettings';
import { WatchRow } from '@/components/options/watches/WatchRow';
import { WebhookForm } from '@/components/options/watches/WebhookForm';
import { useNow } from '@/lib/pages/use-clock';
import { useWatches } from '@/lib/options/use-watches';
import { dayAndTime } from '@/lib/options/watch-text';
import { formatNumber, t } from '@/lib/shared/i18n';
import '@/components/options/watches/watches.css';

/** Watched pages: each with its schedule, last check and next one; what they cost a month; the alert settings and the webhook. */
/** `quota`: the plan's monthly quota from the account the options page holds; null until it is read. */
export function WatchesPanel({ quota }: { quota: number | 'unlimited' | null }) {
  const { view, error, change, remove, checkNow, saveSettings } = useWatches();
  const now = useNow(30_000);
  const [busy, setBusy] = useState<string | null>(null);
  const acting = (id: string, work: () => Promise<unknown>) => {
    setBusy(id);
    void work().finally(() => setBusy(null));
  };

  return (
    <section id="watches" class="card watches" aria-labelledby="watches-title" aria-busy={view === null && !error}>
      <h2 id="watches-title">{t('watchHeading')}</h2>
      <p class="muted">{t('watchIntro')}</p>
      {error && <Notice tone="error" message={error.message} />}
      {!view ? (
        !error && (
          <p class="muted" role="status">
            {t('watchLoading')}
          </p>
        )
      ) : (
        <>
          {view.quotaPausedUntil !== null && (
            <Notice tone="warning" message={t('watchQuotaPaused', { date: dayAndTime(view.quotaPausedUntil) })} live={false} />
          )}
          {view.watches.length > 0 && <CostLine checks={view.checksPerMonth} quota={quota} />}
          {view.watches.length === 0 ? (
            <p class="watches__empty muted">{t('watchEmpty')}</p>
          ) : (
            <div class="watches__scroll">
              <table class="watches__table">
                <thead>
                  <tr>
                    <th scope="col">{t('watchColPage')}</th>
                    <th scope="col">{t('watchColSchedule')}</th>
                    <th scope="col">{t('watchColLast')}</th>
                    <th scope="col">{t('watchColScore')}</th>
                    <th scope="col">{t('watchColNext')}</th>
                    <th scope="col">{t('watchColActions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.watches.map((watch) => (
                    <WatchRow
                      key={watch.id}
                      watch={watch}
                      now={now}
                      busy={busy === watch.id}
                      onChange={(request) => acting(watch.id, () => change(request))}
                      onRemove={() => acting(watch.id, () => remove(watch.id))}
                      onCheckNow={() => acting(watch.id, () => checkNow(watch.id))}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <WatchAlertSettings scoreDrop={view.scoreDrop} onSave={(scoreDrop) => saveSettings({ scoreDrop })} />
          <WebhookForm webhook={view.webhook} onSave={(webhook) => saveSettings({ webhook })} />
        </>
      )}
    </section>
  );
}

/** What the watches cost a month against the plan's quota, and a warning when they pass it. */
function CostLine({ checks, quota }: { checks: number; quota: number | 'unlimited' | null }) {
  if (quota === null || quota === 'unlimited') return <p class="watches__cost">{t('watchCostUnlimited', { checks: formatNumber(checks) })}</p>;
  if (checks > quota)
    return <Notice tone="warning" live={false} message={t('watchCostOver', { checks: formatNumber(checks), quota: formatNumber(quota) })} />;
  return <p class="watches__cost">{t('watchCost', { checks: formatNumber(checks), quota: formatNumber(quota) })}</p>;
}
