import Link from 'next/link';

/** A section of the navigation and its pages, already in the page's language (see `navGroups`). */
export type NavGroup = { key: string; label: string; links: { href: string; label: string }[] };

/**
 * Navigation of every section. Built on <details>, so it opens with the keyboard and works without
 * JavaScript; `variant` picks the phone or the desktop layout. It is rendered inside the header's
 * client component (`site-header.tsx`): its groups travel as plain data in the page's RSC payload,
 * not as the element tree of both menus.
 */
export function SiteNav({ variant, groups, labels }: { variant: 'desktop' | 'mobile'; groups: NavGroup[]; labels: NavLabels }) {
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
          {labels.menu}
        </summary>
        <nav
          aria-label={labels.mobile}
          className={
            'absolute right-0 z-30 mt-2 max-h-[75vh] w-[min(22rem,90vw)] ' +
            'overflow-y-auto rounded-lg border border-border bg-bg p-4 shadow-lg'
          }
        >
          {groups.map((g) => (
            <div key={g.key} className="mb-3">
              <p className="menu-group">{g.label}</p>
              <ul>
                {g.links.map((a) => (
                  <li key={a.href}>
                    <Link href={a.href} className="menu-link-phone">
                      {a.label}
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
    <nav aria-label={labels.main} className="hidden border-t border-border md:block">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4">
        {groups.map((g) => (
          <li key={g.key}>
            <details className="group relative" data-nav-menu>
              <summary className="menu-summary">
                {g.label}
                <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" className="menu-chevron">
                  <path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </summary>
              <ul className="menu-panel">
                {g.links.map((a) => (
                  <li key={a.href}>
                    <Link href={a.href} className="menu-link">
                      {a.label}
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

export type NavLabels = { menu: string; main: string; mobile: string };
