import type { WatchEvery } from '@/lib/protocol';

/**
 * When a watched page is checked, as pure functions of a clock. A watch runs at its preferred hour
 * in the time zone it was made in (kept as a fixed offset from UTC): every day, every week on the
 * weekday it was made, or every month on the day it was made (the month's last day when shorter).
 * The next check is the first slot after the last one; a browser closed over many slots checks
 * once when it starts again, as only the latest slot missed is due.
 */

export interface WatchSchedule {
  every: WatchEvery;
  /** 0–23, in the watch's own time zone. */
  hour: number;
  /** Minutes east of UTC of the time zone the watch was made in (UTC+2 is 120). */
  offsetMinutes: number;
  /** When the watch was made: its weekday or day of the month is the one its checks keep. */
  createdAt: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** The wall clock of the watch's zone, as a Date read with its UTC getters. */
const wall = (time: number, offsetMinutes: number) => new Date(time + offsetMinutes * 60_000);
const fromWall = (wallTime: number, offsetMinutes: number) => wallTime - offsetMinutes * 60_000;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The slot at the preferred hour of the day (or month) holding `time`, in the watch's zone. */
function slotOf(schedule: WatchSchedule, time: number): number {
  const local = wall(time, schedule.offsetMinutes);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  if (schedule.every === 'monthly') {
    const wanted = wall(schedule.createdAt, schedule.offsetMinutes).getUTCDate();
    const day = Math.min(wanted, daysIn(year, month));
    return fromWall(Date.UTC(year, month, day, schedule.hour), schedule.offsetMinutes);
  }
  const sameDay = fromWall(Date.UTC(year, month, local.getUTCDate(), schedule.hour), schedule.offsetMinutes);
  if (schedule.every === 'daily') return sameDay;
  const wantedWeekday = wall(schedule.createdAt, schedule.offsetMinutes).getUTCDay();
  return sameDay - ((local.getUTCDay() - wantedWeekday + 7) % 7) * DAY_MS;
}

/** The first slot after `time`. */
export function firstSlotAfter(schedule: WatchSchedule, time: number): number {
  const slot = slotOf(schedule, time);
  if (slot > time) return slot;
  if (schedule.every === 'daily') return slot + DAY_MS;
  if (schedule.every === 'weekly') return slot + 7 * DAY_MS;
  const local = wall(time, schedule.offsetMinutes);
  return slotOf(schedule, fromWall(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1, 12), schedule.offsetMinutes));
}

/**
 * When the watch is next due: the first slot after its last check (or after it was made). A time in
 * the past means due now; however many slots passed, one check covers them.
 */
export function nextCheckAt(schedule: WatchSchedule, lastCheckAt: number | null): number {
  return firstSlotAfter(schedule, lastCheckAt ?? schedule.createdAt);
}

/** The start of the next calendar month, by UTC as the service counts its quota (lib/background/runs/quota.ts). */
export function nextMonthStart(time: number): number {
  const now = new Date(time);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}
