import { useEffect, useState } from 'preact/hooks';
import type { ServicesView } from '@/lib/protocol';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { errorData } from '@/lib/pages/error-view';
import { Notice } from '@/components/ui/Notice';
import { ServiceForm } from '@/components/options/ServiceForm';
import { t } from '@/lib/shared/i18n';

type Listed = ServicesView['services'][number];

/** What a removal waits on: the service, and the work still going to it. */
interface RemovalAsked {
  service: Listed;
  work: number;
}

/** The named services: each with its address, where its key is kept and the default mark; added, changed, made the default or removed here. */
export function ServicesPanel() {
  const [view, setView] = useState<ServicesView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The service being edited, `new` for one being added, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const [asked, setAsked] = useState<RemovalAsked | null>(null);

  const load = () => sendToBackground('getServices', {}).then(setView, (error: unknown) => setFailure(errorData(error).message));
  useEffect(() => {
    void load();
    return onStateChanged((change) => {
      if (change === 'connection' || change === 'permission') void load();
    });
  }, []);

  const act = async (work: () => Promise<string | null>) => {
    setFailure(null);
    setDone(null);
    try {
      setDone(await work());
    } catch (error) {
      setFailure(errorData(error).message);
    }
  };

  const makeDefault = (service: Listed) =>
    act(async () => {
      setView(await sendToBackground('setDefaultService', { id: service.id }));
      return t('serviceMadeDefault', { name: service.name });
    });

  const remove = (service: Listed, cancelWork: boolean) =>
    act(async () => {
      const answer = await sendToBackground('removeService', { id: service.id, cancelWork });
      setView(answer.view);
      if (!answer.removed) {
        setAsked({ service, work: answer.workLeft });
        return null;
      }
      setAsked(null);
      return t('serviceRemoved', { name: service.name });
    });

  const several = (view?.services.length ?? 0) > 1;
  return (
    <section class="card services" aria-labelledby="services-heading">
      <h2 id="services-heading">{t('servicesHeading')}</h2>
      <p class="field__help">{t('servicesHelp')}</p>
      {!view && !failure && (
        <p class="muted" role="status">
          {t('loading')}
        </p>
      )}
      {view && view.services.length === 0 && <p class="muted">{t('servicesEmpty')}</p>}
      {view && view.services.length > 0 && (
        <ul class="services__list">
          {view.services.map((service) => (
            <li key={service.id} class="services__item" data-service={service.id}>
              {editing === service.id ? (
                <ServiceForm
                  editing={service}
                  onCancel={() => setEditing(null)}
                  onSaved={(next, name) => {
                    setView(next);
                    setEditing(null);
                    setDone(t('serviceSaved', { name }));
                  }}
                />
              ) : (
                <>
                  <p class="services__name">
                    <strong>{service.name}</strong>
                    {several && service.id === view.defaultId && <span class="services__default"> · {t('serviceDefault')}</span>}
                  </p>
                  <p class="muted" dir="ltr" translate={false}>
                    {service.baseUrl}
                  </p>
                  <p class="muted">
                    {!service.keySet ? t('serviceNoKey') : service.keyForSessionOnly ? t('serviceKeySession') : t('serviceKeyLocal')}
                  </p>
                  <div class="connection__actions">
                    <button type="button" class="button" aria-label={t('serviceEdit', { name: service.name })} onClick={() => setEditing(service.id)}>
                      {t('serviceEditShort')}
                    </button>
                    {several && service.id !== view.defaultId && (
                      <button
                        type="button"
                        class="button"
                        aria-label={t('serviceMakeDefault', { name: service.name })}
                        onClick={() => void makeDefault(service)}
                      >
                        {t('serviceMakeDefaultShort')}
                      </button>
                    )}
                    <button
                      type="button"
                      class="button"
                      aria-label={t('serviceRemove', { name: service.name })}
                      onClick={() => void remove(service, false)}
                    >
                      {t('serviceRemoveShort')}
                    </button>
                  </div>
                  {asked?.service.id === service.id && (
                    <div class="notice notice--warning" role="alert">
                      <p class="notice__message">{t('serviceRemoveWork', { name: service.name, count: asked.work })}</p>
                      <div class="connection__actions">
                        <button type="button" class="button button--danger" onClick={() => void remove(service, true)}>
                          {t('serviceRemoveCancelWork')}
                        </button>
                        <button type="button" class="button" onClick={() => setAsked(null)}>
                          {t('serviceKeep')}
                        </button>
                      </div>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure && <Notice tone="error" message={failure} />}
      {done && <Notice tone="info" message={done} />}
      {editing === 'new' ? (
        <ServiceForm
          onCancel={() => setEditing(null)}
          onSaved={(next, name) => {
            setView(next);
            setEditing(null);
            setDone(t('serviceSaved', { name }));
          }}
        />
      ) : (
        view &&
        view.services.length < view.max && (
          <button type="button" class="button" onClick={() => setEditing('new')}>
            {t('serviceAdd')}
          </button>
        )
      )}
    </section>
  );
}
