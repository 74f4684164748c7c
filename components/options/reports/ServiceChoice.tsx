import { useEffect, useState } from 'preact/hooks';
import type { ServicesView } from '@/lib/protocol';
import { namedService, sendForService, sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/**
 * The reports manager's service, with several services: the default first. The list, its filters,
 * bulk actions, exports and links are then of the service chosen (every later message of the page
 * that names no service of its own is for it). `onChoose`: the chosen service's address, for its links.
 */
export function ServiceChoice({ onChoose }: { onChoose: (service: { baseUrl: string }) => void }) {
  const [view, setView] = useState<ServicesView | null>(null);
  useEffect(() => {
    sendToBackground('getServices', {}, null).then(setView, () => setView(null));
  }, []);
  if (!view || view.services.length < 2) return null;
  const ordered = [...view.services.filter((s) => s.id === view.defaultId), ...view.services.filter((s) => s.id !== view.defaultId)];
  const choose = (id: string) => {
    const service = view.services.find((s) => s.id === id);
    if (!service) return;
    sendForService(id === view.defaultId ? undefined : id);
    onChoose({ baseUrl: service.baseUrl });
  };
  return (
    <label class="rm-service">
      <span>{t('serviceListLabel')}</span>
      <select value={namedService() ?? view.defaultId ?? ''} onChange={(event) => choose(event.currentTarget.value)}>
        {ordered.map((service) => (
          <option key={service.id} value={service.id}>
            {service.id === view.defaultId ? `${service.name} · ${t('serviceDefault')}` : service.name}
          </option>
        ))}
      </select>
    </label>
  );
}
