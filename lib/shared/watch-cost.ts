import type { WatchEvery } from '@/lib/protocol';

/**
 * What watches cost of the month's quota: each check is a new report. The background counts the
 * watches with it, and the options page warns before new ones would pass the plan's quota.
 */

/** Checks a month a schedule costs at most: the most a calendar month can hold. */
export function checksPerMonth(every: WatchEvery): number {
  return every === 'daily' ? 31 : every === 'weekly' ? 5 : 1;
}

/** Whether `added` new watches of `every` would take the watches past the plan's monthly quota. */
export function passesQuota(current: number, added: number, every: WatchEvery, quota: number | 'unlimited' | null): boolean {
  return typeof quota === 'number' && current + added * checksPerMonth(every) > quota;
}
