import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';

/** A crumb: `href` is a French path (shown in the page's language); `lang` marks a label in another language (an untranslated title). */
export type Crumb = { label: string; href?: string; lang?: Locale };

/** Breadcrumb trail in `locale`; the last crumb is the current page. */
export function Breadcrumbs({ items, locale }: { items: Crumb[]; locale: Locale }) {
  const t = messages(locale).content.breadcrumbs;
  const trail: Crumb[] = [{ label: t.home, href: '/' }, ...items];
  return (
    <nav aria-label={t.label} className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {trail.map((c, i) => (
          <li key={`${c.label}-${i}`} className="flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {c.href && i < trail.length - 1 ? (
              <Link href={localePath(locale, c.href)} lang={c.lang}>
                {c.label}
              </Link>
            ) : (
              <span aria-current={i === trail.length - 1 ? 'page' : undefined} lang={c.lang} className="text-fg">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
