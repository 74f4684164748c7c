import type { Item } from '@/lib/report/findings';
import { shortened } from '@/lib/report/format';
import { t } from '@/lib/shared/i18n';

/** " (limit: at most 2 s)"; a default limit says so, as the service's admin may have set another. */
export function LimitText({ words, fromReport }: { words: string | null; fromReport: boolean }) {
  if (!words) return null;
  return <span class="finding__limit muted"> ({fromReport ? t('findingLimit', { limit: words }) : t('findingUsualLimit', { limit: words })})</span>;
}

/** An item as text, a link when it is a web address, with the words that came with it. */
export function ItemText({ item }: { item: Item }) {
  const text = shortened(item.text, 500);
  return (
    <>
      {item.href ? (
        <a href={item.href} target="_blank" rel="noopener noreferrer" class="finding__link" translate={false}>
          {text}
        </a>
      ) : (
        <span class="finding__item-text" translate={false}>
          {text}
        </span>
      )}
      {item.note && (
        <span class="finding__note muted" translate={false}>
          {` “${shortened(item.note, 200)}”`}
        </span>
      )}
    </>
  );
}
