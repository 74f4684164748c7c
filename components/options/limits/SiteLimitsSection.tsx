import { useId, useState } from 'preact/hooks';
import { LimitsEditor } from '@/components/options/limits/LimitsEditor';
import { AcceptedList } from '@/components/options/limits/AcceptedList';
import { Notice } from '@/components/ui/Notice';
import { limitsSummaryText } from '@/lib/shared/limits-words';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { useSiteLimits } from '@/lib/pages/use-site-limits';
import type { SiteLimits } from '@/lib/shared/site-limits';
import { t } from '@/lib/shared/i18n';
import '@/components/ui/limits.css';

/** The site a typed name or address means, as the service names it (`https://www.example.com/a` → `example.com`); null for none. */
function typedSite(text: string): string | null {
  const trimmed = text.trim();
  try {
    const host = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`).hostname.replace(/^www\./, '');
    return host.includes('.') || host === 'localhost' ? host : null;
  } catch {
    return null;
  }
}

/** The options' "Site limits": every site with limits, to edit or remove, a site to add, and the accepted findings. */
export function SiteLimitsSection() {
  const id = useId();
  const { state, error, act } = useSiteLimits();
  const [editing, setEditing] = useState<string | null>(null);
  const [newSite, setNewSite] = useState('');
  const [newSiteInvalid, setNewSiteInvalid] = useState(false);
  const sites = state ? Object.keys(state.limits).sort() : [];
  const save = (project: string) => (limits: SiteLimits | null) => act(() => sendToBackground('saveSiteLimits', { project, limits }));

  return (
    <section class="card" aria-labelledby={`${id}-title`} data-section="site-limits">
      <h2 id={`${id}-title`}>{t('limitsSectionTitle')}</h2>
      <p class="muted">{t('limitsSectionIntro')}</p>
      {error && <Notice tone="error" message={error.message} />}
      {!state ? (
        !error && (
          <p class="muted" role="status">
            {t('limitsLoading')}
          </p>
        )
      ) : (
        <>
          {sites.length === 0 && editing === null && <p class="limits-empty">{t('limitsEmpty')}</p>}
          <ul class="limits-list" aria-label={t('limitsSitesLabel')}>
            {sites.map((project) => (
              <li key={project} data-site={project}>
                <span>
                  <strong translate={false}>{project}</strong> · {limitsSummaryText(state.limits[project]!)}
                </span>
                {editing !== project && (
                  <button type="button" class="button" aria-label={t('limitsEditLabel', { project })} onClick={() => setEditing(project)}>
                    {t('limitsEdit')}
                  </button>
                )}
                {editing === project && (
                  <LimitsEditor project={project} limits={state.limits[project]} onSave={save(project)} onDone={() => setEditing(null)} />
                )}
              </li>
            ))}
          </ul>
          {editing !== null && !(editing in state.limits) && (
            <LimitsEditor project={editing} limits={undefined} onSave={save(editing)} onDone={() => setEditing(null)} />
          )}
          {editing === null && (
            <form
              class="limits-add"
              aria-label={t('limitsAdd')}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const project = typedSite(newSite);
                setNewSiteInvalid(!project);
                if (!project) return;
                setNewSite('');
                setEditing(project);
              }}
            >
              <div class="field">
                <label class="field__label" for={`${id}-site`}>
                  {t('limitsSiteField')}
                </label>
                <input
                  id={`${id}-site`}
                  class="input"
                  value={newSite}
                  aria-invalid={newSiteInvalid}
                  aria-describedby={`${id}-site-help`}
                  onInput={(event) => setNewSite(event.currentTarget.value)}
                />
                <p id={`${id}-site-help`} class={newSiteInvalid ? 'field__error' : 'field__help'}>
                  {newSiteInvalid ? t('limitsSiteInvalid') : t('limitsSiteHelp')}
                </p>
              </div>
              <button type="submit" class="button">
                {t('limitsAdd')}
              </button>
            </form>
          )}
          <AcceptedList accepted={state.accepted} onRemove={(entryId) => act(() => sendToBackground('removeAccepted', { id: entryId }))} />
        </>
      )}
    </section>
  );
}
