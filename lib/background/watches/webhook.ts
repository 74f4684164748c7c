import type { Webhook, WebhookKind } from '@/lib/protocol';
import { t } from '@/lib/shared/i18n';
import { keepAlive } from '@/lib/background/alive-and-connected';
import { webhookAllowed } from '@/lib/shared/webhook-address';

/**
 * A watch's alert sent to the user's webhook (Slack, Discord, ntfy or plain JSON): the page, the
 * scores and what changed, never the key nor an address of the service. Each try is bounded in
 * time and in bytes read of the answer; a failure is tried again a few times, then answered in words.
 */

export interface WebhookAlert {
  /** The page as the service stores it, e.g. `example.com/blog`. */
  page: string;
  verdict: 'worse' | 'recovered' | 'test';
  score: number | null;
  previousScore: number | null;
  /** What changed, in words. */
  changes: string[];
}

export interface WebhookRequest {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

const TIMEOUT_MS = 10_000;
/** The most of an answer read: only its status matters. */
const MAX_ANSWER_BYTES = 16_384;
/** Tries in all, and the wait before each try again. */
const WAITS_MS = [2_000, 8_000];

function headline(alert: WebhookAlert): string {
  if (alert.verdict === 'test') return t('watchWebhookTestHeadline', { page: alert.page });
  const scores = alert.score === null ? '' : ` (${alert.previousScore ?? '–'} → ${alert.score})`;
  return `${alert.verdict === 'worse' ? t('watchWorseTitle', { page: alert.page }) : t('watchRecoveredTitle', { page: alert.page })}${scores}`;
}

export function webhookBody(kind: WebhookKind, alert: WebhookAlert): WebhookRequest {
  const text = [headline(alert), ...alert.changes.map((change) => `• ${change}`)].join('\n');
  switch (kind) {
    case 'slack':
      return { body: JSON.stringify({ text }), contentType: 'application/json' };
    case 'discord':
      return { body: JSON.stringify({ content: text.slice(0, 2000) }), contentType: 'application/json' };
    case 'ntfy':
      // A header carries only plain ASCII.
      return {
        body: text,
        contentType: 'text/plain; charset=utf-8',
        headers: {
          Title: headline(alert)
            .replace(/[^\x20-\x7e]/g, '?')
            .slice(0, 200),
        },
      };
    case 'json':
      return {
        body: JSON.stringify({
          page: alert.page,
          event: alert.verdict,
          score: alert.score,
          previousScore: alert.previousScore,
          changes: alert.changes,
        }),
        contentType: 'application/json',
      };
  }
}

/** How a send is bounded; tests shorten the waits. */
export interface WebhookLimits {
  timeoutMs: number;
  waitsMs: readonly number[];
}
const LIMITS: WebhookLimits = { timeoutMs: TIMEOUT_MS, waitsMs: WAITS_MS };

async function tryOnce(webhook: Webhook, request: WebhookRequest, timeoutMs: number): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'Content-Type': request.contentType, ...request.headers },
      body: request.body,
      signal: controller.signal,
      credentials: 'omit',
      redirect: 'error',
    });
    // Read a little of the answer, at most, and let the rest go.
    const reader = response.body?.getReader();
    let read = 0;
    while (reader && read < MAX_ANSWER_BYTES) {
      const chunk = await reader.read();
      if (chunk.done) break;
      read += chunk.value.byteLength;
    }
    await reader?.cancel().catch(() => undefined);
    return response.ok ? null : t('watchWebhookStatus', { status: response.status });
  } catch {
    return controller.signal.aborted ? t('watchWebhookTimeout') : t('watchWebhookUnreachable');
  } finally {
    clearTimeout(timer);
  }
}

/** Sends, trying again after a failure (at most WAITS_MS.length more times). Answers null once taken, else the last failure in words. */
export async function sendToWebhook(
  webhook: Webhook,
  request: WebhookRequest,
  { timeoutMs, waitsMs }: WebhookLimits = LIMITS,
): Promise<string | null> {
  if (!webhookAllowed(webhook.url)) return t('watchWebhookRefused');
  const release = keepAlive();
  try {
    let failure = await tryOnce(webhook, request, timeoutMs);
    for (const wait of waitsMs) {
      if (failure === null) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
      failure = await tryOnce(webhook, request, timeoutMs);
    }
    return failure;
  } finally {
    release();
  }
}
