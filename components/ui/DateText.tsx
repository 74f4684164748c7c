import { exactTime, relativeTime } from '@/lib/pages/dates';

/** A date read at a glance ("3 minutes ago"), exact on hover and for screen readers. */
export function DateText({ iso, prefix = '' }: { iso: string | null; prefix?: string }) {
  if (!iso) return <span class="muted">{prefix}date unknown</span>;
  const exact = exactTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      <span aria-hidden="true">
        {prefix}
        {relativeTime(iso)}
      </span>
      <span class="sr-only">
        {prefix}
        {exact}
      </span>
    </time>
  );
}
