import { anyShown, type CategoryGroup } from '@/lib/report/check-groups';
import { CheckItem } from '@/components/report/CheckItem';
import type { ShowOnPageControl } from '@/components/report/ShowOnPage';
import { t, tn } from '@/lib/shared/i18n';

/** The checks by category, each category saying how many of its checks failed. */
export function CheckList({ groups, onPage, onShowAll }: { groups: CategoryGroup[]; onPage: ShowOnPageControl; onShowAll: () => void }) {
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
  return (
    <>
      {groups.map((group) =>
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
                <CheckItem key={shown.key} shown={shown} onPage={onPage} />
              ))}
            </ul>
          </section>
        ),
      )}
    </>
  );
}
