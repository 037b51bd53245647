/** Page arithmetic and the spec's pagination object (current_page, data, last_page, per_page, total ...). */
export type Pagination<T> = {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
};

export function pageWindow(page: number, perPage: number) {
  return { offset: (page - 1) * perPage, limit: perPage };
}

export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Builds the pagination object; page links keep every other query parameter of `url`. */
export function paginate<T>(data: T[], opts: { page: number; perPage: number; total: number; url: URL }): Pagination<T> {
  const { page, perPage, total, url } = opts;
  const last = lastPage(total, perPage);
  const pageUrl = (n: number) => {
    const link = new URL(url);
    link.searchParams.set('page', String(n));
    return link.pathname + link.search;
  };
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data,
    first_page_url: pageUrl(1),
    from,
    last_page: last,
    last_page_url: pageUrl(last),
    next_page_url: page < last ? pageUrl(page + 1) : null,
    path: url.pathname,
    per_page: perPage,
    prev_page_url: page > 1 ? pageUrl(Math.min(page - 1, last)) : null,
    to: from === null ? null : from + data.length - 1,
    total,
  };
}
