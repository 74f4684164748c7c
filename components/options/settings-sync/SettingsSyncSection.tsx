import { useCallback, useEffect, useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import type { RequestOf, SettingsSyncView } from '@/lib/protocol';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { relativeTime } from '@/lib/pages/dates';
import { Notice } from '@/components/ui/Notice';
import { t, tn } from '@/lib/shared/i18n';
import '@/components/options/settings-sync/settings-sync.css';

const when = (ms: number) => relativeTime(new Date(ms).toISOString());

const PROBLEM_WORDS = {
  'bad-copy': 'settingsSyncBadCopy',
  'newer-copy': 'settingsSyncNewerCopy',
  'write-failed': 'settingsSyncWriteFailed',
} as const;

/** "Sync without secrets": the setting, the question a copy already in sync asks, and how syncing went. */
export function SettingsSyncSection() {
  const [view, setView] = useState<SettingsSyncView | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The question a copy already in sync asks, kept while the view is read again. */
  const [choice, setChoice] = useState<SettingsSyncView['choice']>(undefined);

  const load = useCallback(async () => {
    try {
      setView(await sendToBackground('getSettingsSync', {}));
      setFailure(null);
    } catch (error) {
      setFailure(asApiError(error).message);
    }
  }, []);

  useEffect(() => {
    void load();
    return onStateChanged((change) => {
      if (change === 'settingsSync' || change === 'connection') void load();
    });
  }, [load]);

  const change = async (request: RequestOf<'setSettingsSync'>) => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await sendToBackground('setSettingsSync', request);
      setView(next);
      setChoice(next.choice);
    } catch (error) {
      setFailure(t('settingsSyncFailed', { reason: asApiError(error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card settings-sync" aria-labelledby="settings-sync-heading" data-state={view ? 'ready' : failure ? 'failed' : 'loading'}>
      <h2 id="settings-sync-heading">{t('settingsSyncTitle')}</h2>
      {!view && !failure && (
        <p class="muted" role="status">
          {t('settingsSyncLoading')}
        </p>
      )}
      {view && (
        <>
          <label class="check">
            <input
              type="checkbox"
              id="settings-sync-toggle"
              checked={view.enabled}
              aria-disabled={busy}
              aria-describedby="settings-sync-help"
              onChange={(event) => {
                const wanted = event.currentTarget.checked;
                // The box shows the saved state until the background answers.
                event.currentTarget.checked = view.enabled;
                if (!busy) void change({ enabled: wanted });
              }}
            />
            <span>{t('settingsSyncToggle')}</span>
          </label>
          <p class="field__help" id="settings-sync-help">
            {t('settingsSyncHint')}
          </p>
          {choice && (
            <div class="settings-sync__choice" role="group" aria-labelledby="settings-sync-choice-heading">
              <h3 id="settings-sync-choice-heading">{t('settingsSyncChoiceHeading')}</h3>
              <p>{tn('settingsSyncChoiceText', choice.services, { time: when(choice.writtenAt) })}</p>
              <div class="settings-sync__actions">
                <button
                  type="button"
                  class="button button--primary"
                  id="settings-sync-use"
                  aria-disabled={busy}
                  onClick={() => !busy && void change({ enabled: true, choice: 'useSynced' })}
                >
                  {t('settingsSyncUseSynced')}
                </button>
                <button
                  type="button"
                  class="button"
                  id="settings-sync-replace"
                  aria-disabled={busy}
                  onClick={() => !busy && void change({ enabled: true, choice: 'replaceSynced' })}
                >
                  {t('settingsSyncReplace')}
                </button>
                <button type="button" class="button" id="settings-sync-cancel" onClick={() => setChoice(undefined)}>
                  {t('settingsSyncCancel')}
                </button>
              </div>
              <p class="field__help">{t('settingsSyncUseSyncedHelp')}</p>
            </div>
          )}
          {view.enabled && (
            <ul class="settings-sync__status" aria-label={t('settingsSyncStatus')}>
              {view.writtenAt !== null && <li>{t('settingsSyncLastWritten', { time: when(view.writtenAt) })}</li>}
              {view.readAt !== null && <li>{t('settingsSyncLastRead', { time: when(view.readAt) })}</li>}
            </ul>
          )}
          {view.enabled && view.keysNeeded.length > 0 && (
            <Notice tone="info" live={false} message={t('settingsSyncKeysNeeded', { names: view.keysNeeded.join(', ') })} />
          )}
          {view.enabled && view.trimmed > 0 && <Notice tone="warning" live={false} message={tn('settingsSyncTrimmed', view.trimmed)} />}
          {view.enabled && view.problem && <Notice tone="warning" message={t(PROBLEM_WORDS[view.problem])} />}
        </>
      )}
      {failure && <Notice tone="error" message={failure} />}
    </section>
  );
}
