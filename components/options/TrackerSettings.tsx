import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import type { Handover } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { readTracker, trackerText, TRACKER_ADDRESS_MAX, TRACKERS_MAX } from '@/lib/shared/issue-tracker';
import { Notice } from '@/components/ui/Notice';
import { Field } from '@/components/ui/Field';
import { t } from '@/lib/shared/i18n';

const PROJECT = /^[a-z0-9](?:[a-z0-9.-]{0,253}[a-z0-9])?(?::\d{1,5})?$/i;

/** Each site's issue tracker: a GitHub or GitLab repository, or Jira's CSV import; added, replaced and removed here. */
export function TrackerSettings({ trackers, onSaved }: { trackers: Handover['trackers']; onSaved: (handover: Handover) => void }) {
  const [project, setProject] = useState('');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<{ field: 'project' | 'address'; message: string } | null>(null);
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; message: string } | null>(null);
  const entries = Object.entries(trackers).sort(([a], [b]) => a.localeCompare(b));

  const send = async (site: string, tracker: Handover['trackers'][string] | null) => {
    setStatus(null);
    try {
      onSaved(await sendToBackground('saveTracker', { project: site, tracker }));
      setStatus({ tone: 'info', message: t('handoverSaved') });
      return true;
    } catch (error) {
      setStatus({ tone: 'error', message: t('handoverSaveFailed', { reason: asApiError(error).message }) });
      return false;
    }
  };

  const add = async (event: Event) => {
    event.preventDefault();
    const site = project
      .trim()
      .toLowerCase()
      .replace(/^www\./, '');
    if (!PROJECT.test(site)) return setProblem({ field: 'project', message: t('trackerProjectInvalid') });
    if (!(site in trackers) && entries.length >= TRACKERS_MAX) return setProblem({ field: 'project', message: t('trackerTooMany') });
    const read = readTracker(address);
    if (!read.ok) return setProblem({ field: 'address', message: t(read.reason) });
    setProblem(null);
    if (await send(site, read.tracker)) {
      setProject('');
      setAddress('');
    }
  };

  return (
    <form class="tracker-settings" aria-labelledby="tracker-heading" noValidate onSubmit={(e) => void add(e)}>
      <h3 id="tracker-heading">{t('trackerHeading')}</h3>
      <p class="field__help">{t('trackerHint')}</p>
      {entries.length === 0 ? (
        <p class="muted">{t('trackerNone')}</p>
      ) : (
        <ul class="tracker-settings__list">
          {entries.map(([site, tracker]) => (
            <li key={site} data-project={site}>
              <strong translate={false}>{site}</strong>: <span translate={false}>{trackerText(tracker)}</span>{' '}
              <button type="button" class="button button--link" onClick={() => void send(site, null)}>
                {t('trackerRemove', { project: site })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field id="tracker-project" label={t('trackerProject')}>
        <input
          id="tracker-project"
          class="input"
          maxLength={255}
          value={project}
          aria-invalid={problem?.field === 'project'}
          aria-describedby={problem?.field === 'project' ? 'tracker-problem' : undefined}
          onInput={(e) => setProject(e.currentTarget.value)}
        />
      </Field>
      <Field id="tracker-address" label={t('trackerAddress')}>
        <input
          id="tracker-address"
          class="input"
          maxLength={TRACKER_ADDRESS_MAX + 50}
          list="tracker-kinds"
          value={address}
          aria-invalid={problem?.field === 'address'}
          aria-describedby={problem?.field === 'address' ? 'tracker-problem' : undefined}
          onInput={(e) => setAddress(e.currentTarget.value)}
        />
        <datalist id="tracker-kinds">
          <option value="Jira (CSV)" />
        </datalist>
      </Field>
      {problem && (
        <p id="tracker-problem" class="field__error" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" class="button">
        {t('trackerAdd')}
      </button>
      {status && <Notice tone={status.tone} message={status.message} />}
    </form>
  );
}
