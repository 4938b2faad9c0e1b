import Link from 'next/link';

/** Previous / next page links with the current position. */
export function Pagination({ page, totalPages, href }: { page: number; totalPages: number; href: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className="rounded-md border border-border px-4 py-2 no-underline hover:bg-surface-2">
          ← Page précédente
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">
        Page {page} sur {totalPages}
      </span>
      {page < totalPages ? (
        <Link href={href(page + 1)} rel="next" className="rounded-md border border-border px-4 py-2 no-underline hover:bg-surface-2">
          Page suivante →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
