import Link from 'next/link';
import { areasOfSection, areaTexts, sectionLabel, sections } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';

/**
 * Navigation of every section, from the registry. Built on <details>, so it opens with the
 * keyboard and works without JavaScript; `variant` picks the phone or the desktop layout.
 */
export function SiteNav({ variant, locale }: { variant: 'desktop' | 'mobile'; locale: Locale }) {
  const t = messages(locale).site.nav;
  const groups = sections
    .map((s) => ({ key: s.key, label: sectionLabel(s.key, locale), areas: areasOfSection(s.key) }))
    .filter((s) => s.areas.length > 0);
  if (variant === 'mobile') {
    return (
      <details className="group relative md:hidden">
        <summary
          className={
            'inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-border px-3 text-sm font-medium ' +
            '[&::-webkit-details-marker]:hidden'
          }
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          {t.menu}
        </summary>
        <nav
          aria-label={t.mobile}
          className={
            'absolute right-0 z-30 mt-2 max-h-[75vh] w-[min(22rem,90vw)] ' +
            'overflow-y-auto rounded-lg border border-border bg-bg p-4 shadow-lg'
          }
        >
          {groups.map((g) => (
            <div key={g.key} className="mb-3">
              <p className="mb-1 text-sm font-semibold text-muted">{g.label}</p>
              <ul>
                {g.areas.map((a) => (
                  <li key={a.slug}>
                    <Link
                      href={localePath(locale, a.publicPath!)}
                      className="block rounded px-2 py-2 text-fg no-underline hover:bg-surface-2"
                    >
                      {areaTexts(a, locale).menuLabel}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </details>
    );
  }
  return (
    <nav aria-label={t.main} className="hidden border-t border-border md:block">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4">
        {groups.map((g) => (
          <li key={g.key}>
            <details className="group relative" data-nav-menu>
              <summary
                className={
                  'flex h-11 cursor-pointer list-none items-center gap-1 rounded px-3 text-sm font-medium hover:bg-surface-2 ' +
                  '[&::-webkit-details-marker]:hidden'
                }
              >
                {g.label}
                <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" className="transition-transform group-open:rotate-180">
                  <path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </summary>
              <ul className="absolute left-0 z-30 mt-1 min-w-64 rounded-lg border border-border bg-bg p-2 shadow-lg">
                {g.areas.map((a) => (
                  <li key={a.slug}>
                    <Link
                      href={localePath(locale, a.publicPath!)}
                      className="block rounded px-3 py-2 text-sm text-fg no-underline hover:bg-surface-2"
                    >
                      {areaTexts(a, locale).menuLabel}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  );
}
