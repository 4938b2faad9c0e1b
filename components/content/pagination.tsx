import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';

/** Previous / next page links with the current position; `href` gives a page's French path, linked in `locale`. */
export function Pagination({
  page,
  totalPages,
  href,
  locale,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  locale: Locale;
}) {
  if (totalPages <= 1) return null;
  const t = messages(locale).content.pagination;
  return (
    <nav aria-label={t.label} className="mt-8 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link
          href={localePath(locale, href(page - 1))}
          rel="prev"
          className="rounded-md border border-border px-4 py-2 no-underline hover:bg-surface-2"
        >
          {t.previous}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{t.position(page, totalPages)}</span>
      {page < totalPages ? (
        <Link
          href={localePath(locale, href(page + 1))}
          rel="next"
          className="rounded-md border border-border px-4 py-2 no-underline hover:bg-surface-2"
        >
          {t.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
