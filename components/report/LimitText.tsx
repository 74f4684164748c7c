import { t } from '@/lib/shared/i18n';

/** " (limit: at most 2 s)"; a default limit says so, as the service's admin may have set another. */
export function LimitText({ words, fromReport }: { words: string | null; fromReport: boolean }) {
  if (!words) return null;
  return <span class="finding__limit muted"> ({fromReport ? t('findingLimit', { limit: words }) : t('findingUsualLimit', { limit: words })})</span>;
}
