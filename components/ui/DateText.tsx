import { exactTime, relativeTime } from '@/lib/pages/dates';
import { t } from '@/lib/shared/i18n';

/**
 * A date read at a glance ("3 minutes ago"), exact on hover and for screen readers. `words` puts the date
 * in its sentence, as the UI language orders it (`(when) => t('reportGenerated', { when })`); `prefix` is
 * the older form, a few words before it.
 */
export function DateText({
  iso,
  prefix = '',
  words = (when) => `${prefix}${when}`,
}: {
  iso: string | null;
  prefix?: string;
  words?: (when: string) => string;
}) {
  if (!iso) return <span class="muted">{words(t('dateUnknown'))}</span>;
  const exact = exactTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      <span aria-hidden="true">{words(relativeTime(iso))}</span>
      <span class="sr-only">{words(exact)}</span>
    </time>
  );
}
