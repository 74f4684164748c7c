import { useEffect, useState } from 'preact/hooks';
import { namedService, sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/** "Service: name", for a page about one service's reports, when there are several services to tell apart. */
export function ServiceNameLine({ class: className }: { class: string }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    sendToBackground('getServices', {}).then(
      ({ services, defaultId }) => {
        const id = namedService() ?? defaultId;
        setName(services.length > 1 ? (services.find((service) => service.id === id)?.name ?? t('serviceGoneName')) : null);
      },
      () => setName(null),
    );
  }, []);
  return name === null ? null : (
    <p class={`${className} muted`} data-service={namedService() ?? ''}>
      {t('serviceOnLabel', { name })}
    </p>
  );
}
