import type { Watch } from '@/lib/protocol';

/** A weekly watch of `url`, private, checked once and found nothing yet; `more` changes any field. */
export const watchOf = (url: string, more: Partial<Watch> = {}): Watch => ({
  id: `w-${url}`,
  url,
  privacy: 1,
  every: 'weekly',
  hour: 9,
  offsetMinutes: 60,
  createdAt: 1_700_000_000_000,
  paused: false,
  lastCheckAt: 1_700_000_000_000,
  last: null,
  worseSince: null,
  lastError: null,
  webhookError: null,
  ...more,
});
