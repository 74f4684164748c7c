import { useEffect, useState } from 'preact/hooks';
import { anyShown, type CategoryGroup } from '@/lib/report/check-groups';
import { afterPaint } from '@/lib/pages/after-paint';
import { CheckItem } from '@/components/report/CheckItem';
import type { AcceptanceControl } from '@/lib/report/use-report-limits';
import type { ShowOnPageControl } from '@/components/report/ShowOnPage';
import { t, tn } from '@/lib/shared/i18n';

/**
 * The checks drawn in the report's first frame: more than a first screen holds. The first check starts 600 to
 * 950 pixels down, below the header, the actions and what changed, so a window 1300 pixels tall shows five at
 * most. The others follow in the next frame, before anyone can scroll to them.
 */
export const FIRST_FRAME_CHECKS = 6;

/** The checks by category, each category saying how many of its checks failed. */
export function CheckList({
  groups,
  onPage,
  onShowAll,
  acceptance = null,
  issueUrls,
}: {
  groups: CategoryGroup[];
  onPage: ShowOnPageControl;
  onShowAll: () => void;
  /** The report's acceptances, for its failed checks; null while they load. */
  acceptance?: AcceptanceControl | null;
  /** The new-issue address of each failed check, by key, when the site has a tracker. */
  issueUrls?: ReadonlyMap<string, string>;
}) {
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    let live = true;
    void afterPaint().then(() => live && setWhole(true));
    return () => {
      live = false;
    };
  }, []);
  if (!anyShown(groups)) {
    return (
      <div class="report__empty" role="status">
        <p>{t('checksNoneMatch')}</p>
        <button type="button" class="button" onClick={onShowAll}>
          {t('checksShowAll')}
        </button>
      </div>
    );
  }
  // In the first frame, the categories of the first checks, and those checks only.
  const drawnGroups = whole ? groups : firstFrame(groups);
  return (
    <>
      {drawnGroups.map((group) =>
        group.checks.length === 0 ? null : (
          <section key={group.category} class="category" data-category={group.category} aria-labelledby={`category-${group.category}`}>
            <h2 id={`category-${group.category}`} class="category__name">
              {group.name}{' '}
              <span class="category__count">
                {group.failed === 0 ? tn('categoryAllPassed', group.total) : tn('categoryFailed', group.total, { failed: group.failed })}
              </span>
            </h2>
            <ul class="checks">
              {group.checks.map((shown) => (
                <CheckItem key={shown.key} shown={shown} onPage={onPage} acceptance={acceptance} issueUrl={issueUrls?.get(shown.key)} />
              ))}
            </ul>
          </section>
        ),
      )}
    </>
  );
}

/** The groups cut to their first FIRST_FRAME_CHECKS checks shown, in order; each keeps its counts. */
function firstFrame(groups: CategoryGroup[]): CategoryGroup[] {
  let left = FIRST_FRAME_CHECKS;
  return groups.map((group) => {
    const checks = group.checks.slice(0, left);
    left -= checks.length;
    return { ...group, checks };
  });
}
