/** The service's timestamp format: UTC, whole seconds, six zero digits of fraction. */
export function formatTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '.000000Z');
}

export function nowTime(): string {
  return formatTime(new Date());
}

/** `2026-11` for any timestamp of that UTC calendar month: the quota's period. */
export function monthOf(time: string): string {
  return time.slice(0, 7);
}
