import { useMemo, useState } from 'preact/hooks';
import type { SitePage } from '@/lib/protocol';
import { DEFAULT_SITE_LIST, sitePageList, type SiteListOptions, type SiteSortKey } from '@/lib/site/site-pages';
import { DateText } from '@/components/ui/DateText';
import { ScoreBadge } from '@/components/ui/ScoreBadge';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { reportViewPath } from '@/lib/shared/report-view-address';
import { RESULT_LABEL_TEXT, RESULT_LABELS, type ResultLabel } from '@/lib/shared/score';
import { t, tn } from '@/lib/shared/i18n';
import { namedService } from '@/lib/pages/send-to-background';

/** The most rows drawn at once; "Show more" adds as many again, so 10,000 pages never draw at once. */
const ROWS = 200;

const COLUMNS: { key: SiteSortKey; label: () => string }[] = [
  { key: 'url', label: () => t('siteColAddress') },
  { key: 'score', label: () => t('siteColScore') },
  { key: 'date', label: () => t('siteColDate') },
];

/** Every address of the site with its latest report, sortable by address, score and date, filtered by label. */
export function SitePagesTable({ pages }: { pages: readonly SitePage[] }) {
  const [options, setOptions] = useState<SiteListOptions>(DEFAULT_SITE_LIST);
  const [shown, setShown] = useState(ROWS);
  const list = useMemo(() => sitePageList(pages, options), [pages, options]);

  const sortBy = (key: SiteSortKey) =>
    setOptions((now) => ({ ...now, sortBy: key, direction: now.sortBy === key && now.direction === 'asc' ? 'desc' : 'asc' }));

  return (
    <section class="site-pages card" aria-labelledby="site-pages-heading" data-count={list.length}>
      <div class="site-pages__top">
        <h2 id="site-pages-heading">{t('sitePagesHeading')}</h2>
        <label class="site-pages__filter">
          {t('siteFilterLabel')}{' '}
          <select
            class="input site-pages__select"
            value={options.label}
            onChange={(event) => setOptions((now) => ({ ...now, label: (event.currentTarget as HTMLSelectElement).value as ResultLabel | 'all' }))}
          >
            <option value="all">{t('siteFilterAll')}</option>
            {RESULT_LABELS.map((label) => (
              <option key={label} value={label}>
                {RESULT_LABEL_TEXT[label]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.length === 0 ? (
        <p class="muted">{pages.length === 0 ? t('siteNoPages') : t('siteNoPagesMatch')}</p>
      ) : (
        <div class="site-pages__scroll">
          <table class="site-pages__table">
            <thead>
              <tr>
                {COLUMNS.map(({ key, label }) => (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={options.sortBy === key ? (options.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button type="button" class="site-pages__sort" data-sort={key} onClick={() => sortBy(key)}>
                      {label()}
                      <span aria-hidden="true">{options.sortBy === key ? (options.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
                <th scope="col">{t('siteColPrivacy')}</th>
                <th scope="col">{t('siteColOlder')}</th>
              </tr>
            </thead>
            <tbody>
              {list.slice(0, shown).map((page) => (
                <tr key={page.url} data-url={page.url} data-score={page.score ?? ''} data-older={page.older} data-id={page.id}>
                  <td class="site-pages__address">
                    <a
                      href={reportViewPath({ ...page, service: namedService() })}
                      target="_blank"
                      rel="noopener"
                      translate={false}
                      title={t('siteOpenReport')}
                    >
                      {page.url}
                    </a>
                  </td>
                  <td>
                    <ScoreBadge score={page.score} label={page.label} />
                  </td>
                  <td>
                    <DateText iso={page.generatedAt} />
                  </td>
                  <td>{PRIVACY_TEXT[page.privacy]}</td>
                  <td>{page.older}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.length > shown && (
        <button type="button" class="button button--link" onClick={() => setShown((n) => n + ROWS)}>
          {tn('siteShowMore', Math.min(ROWS, list.length - shown))}
        </button>
      )}
    </section>
  );
}
