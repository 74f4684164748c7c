import type { RequestOf, WatchView, WatchEvery } from '@/lib/protocol';
import { exactTime, relativeTime } from '@/lib/pages/dates';
import { dayAndTime, EVERY_TEXT, hourText, WATCH_EVERY_CHOICES } from '@/lib/options/watch-text';
import { t } from '@/lib/shared/i18n';

interface Props {
  watch: WatchView;
  now: number;
  busy: boolean;
  onChange: (request: RequestOf<'changeWatch'>) => void;
  onRemove: () => void;
  onCheckNow: () => void;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

/** One watched page: its schedule (changed in place), its last check and score, its next check, and what can be done. */
export function WatchRow({ watch, now, busy, onChange, onRemove, onCheckNow }: Props) {
  const address = watch.url;
  const last = watch.last;
  const lastIso = last ? new Date(last.at).toISOString() : null;
  return (
    <tr class="watches__row" data-watch={watch.id} data-verdict={last?.verdict ?? 'none'}>
      <th scope="row" class="watches__address" translate={false}>
        {address}
        {watch.serviceName && (
          <span class="muted watches__service" translate>
            {' '}
            · {t('watchOnService', { name: watch.serviceName })}
          </span>
        )}
      </th>
      <td>
        <div class="watches__schedule">
          <select
            class="input"
            aria-label={t('watchHowOften', { address })}
            value={watch.every}
            onChange={(e) => onChange({ id: watch.id, every: e.currentTarget.value as WatchEvery })}
          >
            {WATCH_EVERY_CHOICES.map((every) => (
              <option key={every} value={every}>
                {EVERY_TEXT[every]()}
              </option>
            ))}
          </select>
          {/* Hours as Intl writes them in the UI language, like dates. */}
          <select
            class="input"
            translate={false}
            aria-label={t('watchHourOf', { address })}
            value={String(watch.hour)}
            onChange={(e) => onChange({ id: watch.id, hour: Number(e.currentTarget.value) })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={String(hour)}>
                {hourText(hour)}
              </option>
            ))}
          </select>
        </div>
      </td>
      <td class="watches__last">
        {lastIso ? (
          <time dateTime={lastIso} title={exactTime(lastIso)}>
            {relativeTime(lastIso, now)}
          </time>
        ) : (
          <span class="muted">{t('watchNever')}</span>
        )}
        {watch.lastError && <p class="watches__failure">{t('watchCheckFailed', { reason: watch.lastError.message })}</p>}
        {watch.webhookError && <p class="watches__failure">{t('watchWebhookFailed', { reason: watch.webhookError.message })}</p>}
      </td>
      <td class="watches__score">
        {last && last.score !== null ? (
          <>
            <span>{t('scoreValue', { score: last.score })}</span>
            {last.delta !== null && last.delta !== 0 && (
              <span class={`watches__delta watches__delta--${Math.sign(last.delta)}`}> ({signed(last.delta)})</span>
            )}
            {last.verdict !== 'steady' && (
              <span class={`watches__verdict watches__verdict--${last.verdict}`}>
                {' '}
                · {last.verdict === 'worse' ? t('watchVerdictWorse') : t('watchVerdictRecovered')}
              </span>
            )}
          </>
        ) : (
          <span class="muted">–</span>
        )}
      </td>
      <td class="watches__next">
        {watch.nextCheckAt === null ? (
          <span class="muted">{t('watchPausedState')}</span>
        ) : (
          <time dateTime={new Date(watch.nextCheckAt).toISOString()}>{dayAndTime(watch.nextCheckAt)}</time>
        )}
      </td>
      <td class="watches__actions">
        <button type="button" class="button" disabled={busy} onClick={onCheckNow} aria-label={t('watchCheckNowOf', { address })}>
          {t('watchCheckNow')}
        </button>
        <button
          type="button"
          class="button"
          disabled={busy}
          onClick={() => onChange({ id: watch.id, paused: !watch.paused })}
          aria-label={watch.paused ? t('watchResumeOf', { address }) : t('watchPauseOf', { address })}
        >
          {watch.paused ? t('watchResume') : t('watchPause')}
        </button>
        <button type="button" class="button button--danger" disabled={busy} onClick={onRemove} aria-label={t('watchRemoveOf', { address })}>
          {t('watchRemove')}
        </button>
      </td>
    </tr>
  );
}
