import type { Report } from '@/lib/api';
import { MOST_WATCHED_AT_ONCE, WatchPagesButton } from '@/components/ui/WatchPagesButton';
import type { Selection } from '@/lib/options/use-selection';
import type { PageToWatch } from '@/lib/pages/use-watch-pages';
import { WatchMatching } from '@/components/options/watches/WatchMatching';

/**
 * "Watch these pages" for the reports chosen one by one, each with its report's privacy when that report is on the page shown,
 * or for every report the filters match.
 */
export function WatchSelected({ selection, shown }: { selection: Selection; shown: readonly Report[] }) {
  if (selection.kind === 'matching') return <WatchMatching filters={selection.filters} />;
  const chosen = selection.kind === 'reports' ? [...selection.chosen] : [];
  if (chosen.length === 0 || chosen.length > MOST_WATCHED_AT_ONCE) return null;
  const pages = (): PageToWatch[] => {
    const privacyOf = new Map(shown.map((report) => [report.id, report.privacy]));
    return chosen.map(([id, url]) => ({ url, ...(privacyOf.has(id) ? { privacy: privacyOf.get(id)! } : {}) }));
  };
  return <WatchPagesButton pages={pages} className="button rm-selection__watch" />;
}
