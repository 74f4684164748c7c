import type { Item } from '@/lib/report/findings';
import { shortened } from '@/lib/report/service-text';

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
