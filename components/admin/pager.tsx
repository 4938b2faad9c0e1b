import Link from 'next/link';

/** `path?…` keeping the non-empty filters and the page (omitted when 1). */
export function filteredHref(path: string, filters: Record<string, string>, page: number): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  if (page > 1) params.set('page', String(page));
  return params.size ? `${path}?${params}` : path;
}

/** Previous / next links of a server-rendered admin list (works without JavaScript). */
export function AdminPager({
  page,
  pages,
  label,
  href,
  previous = '← Page précédente',
  next = 'Page suivante →',
}: {
  page: number;
  pages: number;
  label: string;
  href: (page: number) => string;
  previous?: string;
  next?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? <Link href={href(page - 1)}>{previous}</Link> : null}
      <span>
        Page {page} sur {pages}
      </span>
      {page < pages ? <Link href={href(page + 1)}>{next}</Link> : null}
    </nav>
  );
}
