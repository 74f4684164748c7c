import type { Report } from '@/lib/api';
import { checkName } from '@/lib/shared/check-names';
import { storedAddress } from '@/lib/shared/page-address';
import { intlLocale, t, tn } from '@/lib/shared/i18n';
import { showNotification, type NotificationContent } from '@/lib/background/toolbar/notifications';
import type { AlertReason, AlertVerdict } from '@/lib/background/watches/alert-rules';
import { alertTimed } from '@/lib/background/watches/watch-state';
import { sendToWebhook, webhookBody, type WebhookAlert } from '@/lib/background/watches/webhook';
import type { Watch } from '@/lib/protocol';
import { watchSettings } from '@/lib/storage';

/**
 * What a watched page's alert says and where it goes: a notification that opens the report view at
 * "what changed", or, past DIGEST_AFTER alerts within a week, one digest notification counting them;
 * and the user's webhook, if any. Worded by pure functions, so the words can be tested as a table.
 */

const DIGEST_NOTIFICATION = 'watch-digest';

function reasonText(reason: AlertReason): string {
  if (reason.kind === 'score-drop') return t('watchAlertScore', { from: reason.from, to: reason.to });
  if (reason.kind === 'check-failing') return t('watchAlertFailing', { check: checkName(reason.check) });
  return t('watchAlertLimit', { limit: reason.limit });
}

export function alertNotification(
  verdict: AlertVerdict,
  page: string,
  report: Pick<Report, 'id' | 'score'>,
  service?: string,
): NotificationContent | null {
  if (verdict.kind === 'steady') return null;
  const action = { kind: 'report' as const, id: report.id, section: 'changes' as const, ...(service ? { service } : {}) };
  if (verdict.kind === 'recovered') {
    return {
      title: t('watchRecoveredTitle', { page }),
      message: report.score !== null ? t('scoreValue', { score: report.score }) : t('notifyReady'),
      action,
    };
  }
  return { title: t('watchWorseTitle', { page }), message: verdict.reasons.map(reasonText).join('\n'), action };
}

export function digestNotification(count: number): NotificationContent {
  return { title: tn('watchDigestTitle', count), message: t('watchDigestMessage'), action: { kind: 'options' } };
}

/**
 * Tells the verdict of a check. Answers the webhook's failure to record (null: it was told),
 * or undefined when there was none to tell.
 */
export async function tellVerdict(
  verdict: AlertVerdict,
  { watch, report, previous }: { watch: Watch; report: Report; previous: Report | null },
): Promise<{ at: number; message: string } | null | undefined> {
  const page = storedAddress(watch.url);
  const content = alertNotification(verdict, page, report, watch.service);
  if (!content || verdict.kind === 'steady') return undefined;
  let digest: number | null = null;
  if (verdict.kind === 'worse') {
    await watchSettings.update((settings) => {
      const timed = alertTimed(settings, Date.now());
      digest = timed.digest;
      return timed.settings;
    });
  }
  const shown = digest as number | null;
  await (shown !== null ? showNotification(digestNotification(shown), DIGEST_NOTIFICATION) : showNotification(content)).catch(() => undefined);
  const { webhook } = await watchSettings.read();
  if (!webhook) return undefined;
  const alert: WebhookAlert = {
    page,
    verdict: verdict.kind,
    score: report.score,
    previousScore: previous?.score ?? null,
    changes: verdict.kind === 'worse' ? verdict.reasons.map(reasonText) : [],
  };
  const failure = await sendToWebhook(webhook, webhookBody(webhook.kind, alert));
  return failure === null ? null : { at: Date.now(), message: failure };
}

/** The month's quota is used up: said once, when the checks pause. */
export async function tellQuotaPause(until: number): Promise<void> {
  await showNotification({
    title: t('watchQuotaPausedTitle'),
    message: t('watchQuotaPausedMessage', { date: new Date(until).toLocaleDateString(intlLocale(), { dateStyle: 'medium' }) }),
    action: { kind: 'options' },
  }).catch(() => undefined);
}
