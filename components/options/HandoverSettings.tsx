import { useEffect, useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import type { Handover } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { readLogo } from '@/lib/options/logo-file';
import { AGENCY_NAME_MAX, isLogo } from '@/lib/shared/agency';
import { Notice } from '@/components/ui/Notice';
import { Field } from '@/components/ui/Field';
import { TrackerSettings } from '@/components/options/TrackerSettings';
import { formatNumber, t } from '@/lib/shared/i18n';

type Status = { tone: 'info' | 'error'; message: string } | null;

/** "Reports you hand over": the agency's name and logo on printed reports, and each site's issue tracker. */
export function HandoverSettings() {
  const [handover, setHandover] = useState<Handover | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [logo, setLogo] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    sendToBackground('getHandover', {}).then(
      (value) => {
        setHandover(value);
        setName(value.agency.name);
        setLogo(value.agency.logo);
      },
      (error: unknown) => setLoadError(asApiError(error).message),
    );
  }, []);

  const pick = async (file: File | undefined) => {
    setStatus(null);
    if (!file) return;
    const read = await readLogo(file);
    if (read.ok) return setLogo(read.dataUrl);
    const message =
      read.reason === 'handoverLogoTooBig'
        ? t('handoverLogoTooBig', { size: t('unitKilobytes', { value: formatNumber(Math.round(read.size / 1000)) }) })
        : t(read.reason);
    setStatus({ tone: 'error', message });
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setStatus(null);
    try {
      setHandover(await sendToBackground('saveAgency', { agency: { name: name.trim(), logo } }));
      setStatus({ tone: 'info', message: t('handoverSaved') });
    } catch (error) {
      setStatus({ tone: 'error', message: t('handoverSaveFailed', { reason: asApiError(error).message }) });
    }
  };

  return (
    <section class="card handover-settings" aria-labelledby="handover-heading" data-state={handover ? 'ready' : loadError ? 'failed' : 'loading'}>
      <h2 id="handover-heading">{t('handoverCard')}</h2>
      <p class="field__help">{t('handoverCardHint')}</p>
      {loadError && <Notice tone="error" message={loadError} />}
      {!handover && !loadError && (
        <p class="muted" role="status">
          {t('optionsLoading')}
        </p>
      )}
      {handover && (
        <>
          <form aria-labelledby="handover-heading" onSubmit={(e) => void save(e)}>
            <Field id="agency-name" label={t('handoverAgencyName')}>
              <input id="agency-name" class="input" maxLength={AGENCY_NAME_MAX} value={name} onInput={(e) => setName(e.currentTarget.value)} />
            </Field>
            <Field id="agency-logo" label={t('handoverLogoPick')}>
              <input
                id="agency-logo"
                class="input"
                type="file"
                accept="image/png,image/jpeg,image/svg+xml"
                onChange={(e) => void pick(e.currentTarget.files?.[0])}
              />
            </Field>
            {isLogo(logo) && (
              <p class="handover-settings__logo">
                <img src={logo} alt={t('handoverLogo')} height={48} />{' '}
                <button type="button" class="button button--link" onClick={() => setLogo(null)}>
                  {t('handoverLogoRemove')}
                </button>
              </p>
            )}
            <button type="submit" class="button button--primary">
              {t('handoverSave')}
            </button>
            {status && <Notice tone={status.tone} message={status.message} />}
          </form>
          <TrackerSettings trackers={handover.trackers} onSaved={setHandover} />
        </>
      )}
    </section>
  );
}
