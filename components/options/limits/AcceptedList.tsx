import { useState } from 'preact/hooks';
import { utcDayText } from '@/lib/pages/dates';
import { useNow } from '@/lib/pages/use-clock';
import { checkName } from '@/lib/shared/check-names';
import { acceptanceInForce, type AcceptedFinding } from '@/lib/shared/site-limits';
import { t } from '@/lib/shared/i18n';

/** The accepted findings, newest first: the check, where, why, until when (or that it has ended), and "Remove". */
export function AcceptedList({ accepted, onRemove }: { accepted: readonly AcceptedFinding[]; onRemove: (id: string) => Promise<boolean> }) {
  const now = useNow(60_000);
  const [removing, setRemoving] = useState<string | null>(null);
  const shown = [...accepted].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <>
      <h3>{t('acceptedHeading')}</h3>
      {shown.length === 0 ? (
        <p class="muted">{t('acceptedEmpty')}</p>
      ) : (
        <ul class="limits-list" aria-label={t('acceptedHeading')}>
          {shown.map((entry) => {
            const where = entry.address ?? t('acceptedEveryPage', { project: entry.project });
            const until = entry.until
              ? acceptanceInForce(entry, now)
                ? t('acceptedUntil', { date: utcDayText(entry.until) })
                : t('acceptedEnded', { date: utcDayText(entry.until) })
              : t('acceptedNoEnd');
            return (
              <li key={entry.id} data-accepted-check={entry.check}>
                <span>
                  <strong>{checkName(entry.check)}</strong> · <span translate={false}>{where}</span> · {until} ·{' '}
                  <span translate={false}>{entry.reason}</span>
                </span>
                <button
                  type="button"
                  class="button"
                  aria-label={t('acceptedRemoveLabel', { check: checkName(entry.check), where })}
                  aria-disabled={removing === entry.id}
                  onClick={() => {
                    if (removing) return;
                    setRemoving(entry.id);
                    void onRemove(entry.id).finally(() => setRemoving(null));
                  }}
                >
                  {t('acceptedRemove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
