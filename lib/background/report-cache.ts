import type { CachedReportView, ReportView } from '@/lib/protocol';
import { reportViews, watchConnection } from '@/lib/storage';

/**
 * Report views kept in session storage (lib/storage.ts `reportViews`), so a
 * report opened again draws at once while the service is asked again. Kept
 * by id and generation date: a report regenerated since is not drawn from an
 * older copy. Bounded, as session storage holds 10 MB for everything the
 * extension keeps there: at most 10 reports, none over 300 KB, 1.5 MB in all.
 */

export const REPORT_CACHE_LIMIT = 10;
export const REPORT_ENTRY_MAX_CHARS = 300_000;
export const REPORT_CACHE_MAX_CHARS = 1_500_000;

/** The size a stored entry takes, near enough; Infinity when it cannot even be written as JSON (a value nested too deep). */
function sizeOf(entry: CachedReportView): number {
  try {
    return JSON.stringify(entry).length;
  } catch {
    return Infinity;
  }
}

const generationOf = (view: ReportView) => view.report.generatedAt ?? view.report.createdAt;

/**
 * The kept views as last read or written: storage is read (and its entries checked) once, not on every
 * opening, so the kept copy is answered without waiting for storage. Only this file writes the item; when
 * anything changes it all the same (a cleared session storage), it is read again, ahead of the next opening.
 */
let kept: Promise<CachedReportView[]> | null = null;
const readKept = () => (kept ??= reportViews.read().catch(() => []));

/** The kept view of a report, if any; with `generatedAt`, only a view of that generation. */
export async function cachedReportView(id: number, generatedAt?: string): Promise<ReportView | null> {
  const entry = (await readKept()).find((k) => k.id === id);
  if (!entry || (generatedAt !== undefined && Date.parse(generatedAt) !== Date.parse(entry.generatedAt ?? ''))) return null;
  return entry.view;
}

/** Keeps a view first in line, dropping the least recently opened past the bounds. A view too large is not kept. */
export async function keepReportView(view: ReportView): Promise<void> {
  const entry: CachedReportView = { id: view.report.id, generatedAt: generationOf(view), view, at: Date.now() };
  const size = sizeOf(entry);
  await keptAs(
    reportViews.update((all) => {
      const others = all.filter((k) => k.id !== entry.id);
      if (size > REPORT_ENTRY_MAX_CHARS) return others;
      const next = [entry];
      let total = size;
      for (const other of others) {
        const more = sizeOf(other);
        if (next.length >= REPORT_CACHE_LIMIT || total + more > REPORT_CACHE_MAX_CHARS) break;
        next.push(other);
        total += more;
      }
      return next;
    }),
  );
}

/** A report changed or deleted: its kept view would show it as it was. */
export async function forgetReportView(id: number): Promise<void> {
  await keptAs(reportViews.update((all) => all.filter((k) => k.id !== id)));
}

/** What a change wrote is what the next opening reads; a change that failed leaves storage to be read again. */
async function keptAs(change: Promise<CachedReportView[]>): Promise<void> {
  kept = change.catch(() => reportViews.read());
  await change;
}

/** The view as the service has it now, kept for the next opening. */
export async function keepingReportView(load: Promise<ReportView>): Promise<ReportView> {
  const view = await load;
  // Not awaited: the page that asked should not wait for the next opening's head start.
  void keepReportView(view).catch(() => undefined);
  return view;
}

/** Another service or another key has other reports: none kept from before may be drawn. */
export function registerReportCache(): void {
  watchConnection(() => void keptAs(reportViews.write([]).then(() => [])).catch(() => undefined));
  reportViews.watch(() => void (kept = reportViews.read().catch(() => [])));
}
