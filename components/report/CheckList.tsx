import { anyShown, type CategoryGroup } from '@/lib/report/check-groups';
import { CheckItem } from '@/components/report/CheckItem';
import type { ShowOnPageControl } from '@/components/report/ShowOnPage';

/** The checks by category, each category saying how many of its checks failed. */
export function CheckList({ groups, onPage, onShowAll }: { groups: CategoryGroup[]; onPage: ShowOnPageControl; onShowAll: () => void }) {
  if (!anyShown(groups)) {
    return (
      <div class="report__empty" role="status">
        <p>No checks match these filters.</p>
        <button type="button" class="button" onClick={onShowAll}>
          Show all checks
        </button>
      </div>
    );
  }
  return (
    <>
      {groups.map((group) =>
        group.checks.length === 0 ? null : (
          <section key={group.category} class="category" data-category={group.category} aria-labelledby={`category-${group.category}`}>
            <h2 id={`category-${group.category}`} class="category__name">
              {group.name}{' '}
              <span class="category__count">{group.failed === 0 ? `all ${group.total} passed` : `${group.failed} of ${group.total} failed`}</span>
            </h2>
            <ul class="checks">
              {group.checks.map((shown) => (
                <CheckItem key={shown.key} shown={shown} onPage={onPage} />
              ))}
            </ul>
          </section>
        ),
      )}
    </>
  );
}
