import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Webhook, WebhookKind } from '@/lib/protocol';
import { Notice } from '@/components/ui/Notice';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { errorData } from '@/lib/pages/error-view';
import { originPattern } from '@/lib/shared/permission';
import { webhookAllowed } from '@/lib/shared/webhook-address';
import { t } from '@/lib/shared/i18n';

/** Product names stay as they are (`translate` false); only plain JSON is worded. */
const KINDS: readonly { kind: WebhookKind; label: () => string; name?: true }[] = [
  { kind: 'slack', label: () => 'Slack', name: true },
  { kind: 'discord', label: () => 'Discord', name: true },
  { kind: 'ntfy', label: () => 'ntfy', name: true },
  { kind: 'json', label: () => t('watchWebhookJson') },
];

type Said = { tone: 'error' | 'info'; message: string } | null;

/**
 * The webhook alerts also go to. Saving asks the browser for the webhook's origin in the click
 * itself (the browser shows its prompt only inside the gesture); "Send a test" tells it a made-up alert.
 */
export function WebhookForm({ webhook, onSave }: { webhook: Webhook | null; onSave: (webhook: Webhook | null) => Promise<boolean> }) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [kind, setKind] = useState<WebhookKind>(webhook?.kind ?? 'json');
  const [said, setSaid] = useState<Said>(null);
  const [testing, setTesting] = useState(false);
  useEffect(() => {
    setUrl(webhook?.url ?? '');
    setKind(webhook?.kind ?? 'json');
  }, [webhook?.url, webhook?.kind]);

  const save = () => {
    setSaid(null);
    const address = url.trim();
    if (!webhookAllowed(address)) {
      setSaid({ tone: 'error', message: t('watchWebhookRefused') });
      return;
    }
    // Asked first, with nothing awaited before it: the click's gesture must still hold.
    void browser.permissions
      .request({ origins: [originPattern(address)] })
      .catch(() => false)
      .then(async (granted) => {
        if (!granted) return setSaid({ tone: 'error', message: t('watchWebhookDenied', { origin: new URL(address).origin }) });
        if (await onSave({ url: address, kind })) setSaid({ tone: 'info', message: t('watchSaved') });
      });
  };

  const test = async () => {
    setSaid(null);
    setTesting(true);
    try {
      const answer = await sendToBackground('testWebhook', {});
      setSaid(answer.ok ? { tone: 'info', message: t('watchWebhookTestOk') } : { tone: 'error', message: answer.message });
    } catch (caught) {
      setSaid({ tone: 'error', message: errorData(caught).message });
    } finally {
      setTesting(false);
    }
  };

  return (
    <div class="watches__webhook">
      <h3 id="webhook-title">{t('watchWebhookHeading')}</h3>
      <p class="muted">{t('watchWebhookIntro')}</p>
      <form
        class="watches__webhook-form"
        aria-labelledby="webhook-title"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label class="field">
          <span class="field__label">{t('watchWebhookAddress')}</span>
          <input class="input" type="url" value={url} spellcheck={false} onInput={(e) => setUrl(e.currentTarget.value)} />
        </label>
        <label class="field">
          <span class="field__label">{t('watchWebhookKind')}</span>
          <select class="input watches__webhook-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as WebhookKind)}>
            {KINDS.map((choice) => (
              <option key={choice.kind} value={choice.kind} translate={choice.name ? false : undefined}>
                {choice.label()}
              </option>
            ))}
          </select>
        </label>
        <div class="watches__webhook-actions">
          <button type="submit" class="button">
            {t('watchWebhookSave')}
          </button>
          {webhook && (
            <>
              <button type="button" class="button" disabled={testing} onClick={() => void test()}>
                {testing ? t('watchWebhookTesting') : t('watchWebhookTest')}
              </button>
              <button type="button" class="button button--danger" onClick={() => void onSave(null).then(() => setSaid(null))}>
                {t('watchWebhookRemove')}
              </button>
            </>
          )}
        </div>
      </form>
      {said && <Notice tone={said.tone} message={said.message} />}
    </div>
  );
}
