export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: PageLink[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

/**
 * One page of items with the framework's links and meta. Page links keep every query
 * parameter of the request and set `page`, where it was or at the end.
 */
export function paginate<T>(items: T[], page: number, perPage: number, path: string, query: URLSearchParams): Paginated<T> {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const from = slice.length > 0 ? (page - 1) * perPage + 1 : null;
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  return {
    data: slice,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: page > 1 ? pageUrl(page - 1) : null,
      next: page < lastPage ? pageUrl(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      links: [
        { url: page > 1 ? pageUrl(page - 1) : null, label: '&laquo; Previous', active: false },
        ...pageWindow(page, lastPage).map((n) =>
          n === null ? { url: null, label: '...', active: false } : { url: pageUrl(n), label: String(n), active: n === page },
        ),
        { url: page < lastPage ? pageUrl(page + 1) : null, label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: perPage,
      to: from === null ? null : from + slice.length - 1,
      total,
    },
  };
}

const ON_EACH_SIDE = 3;

/** Page numbers to show, `null` for a gap: all of them when few, else a slider like the framework's. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const window = ON_EACH_SIDE + 4;
  if (last < window + 6) return range(1, last);
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, last - 1, last];
  if (current > last - window) return [1, 2, null, ...range(last - (window + ON_EACH_SIDE - 1), last)];
  return [1, 2, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, last - 1, last];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
