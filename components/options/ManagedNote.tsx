import { t } from '@/lib/shared/i18n';

/** "Set by your organisation", under a field the organisation's policy sets; with the service's name when it gives one. */
export function ManagedNote({ id, name = null }: { id: string; name?: string | null }) {
  return (
    <p class="field__help managed-note" id={id}>
      {name ? t('managedServiceName', { name }) : t('managedBySetting')}
    </p>
  );
}
