'use client';

import Image from 'next/image';
import Link from 'next/link';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Logo } from '@/components/ui/logo';
import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { HeaderSearch, type HeaderSearchProps } from './header-search';
import { LanguageSwitch } from './language-switch';
import { NavMenus } from './nav-menus';
import { SiteNav, type NavGroup, type NavLabels } from './site-nav';

/** What the header shows, as plain data in the page's language (computed by the server `Header`). */
export type SiteHeaderProps = {
  locale: Locale;
  home: string;
  skipLink: string;
  /** The institute's acronym and name (`nameLang` when the name is not in the page's language), its logo's address if any. */
  brand: { acronym: string; name: string; nameLang?: string; logo?: string };
  search: Omit<HeaderSearchProps, 'locale'>;
  theme: Messages['site']['theme'];
  nav: NavLabels;
  groups: NavGroup[];
};

/**
 * The header of every public page. A client component on purpose: it is rendered to HTML on the
 * server like any other (it works without JavaScript), but the page's RSC payload then carries only
 * these props (about 3 KB) instead of the element tree of the header and both menus (about 15 KB,
 * sent again on every page after the same markup).
 */
export function SiteHeader({ locale, home, skipLink, brand, search, theme, nav, groups }: SiteHeaderProps) {
  return (
    <header className="border-b border-border bg-bg">
      <a
        href="#contenu"
        className={
          'sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 ' +
          'focus:rounded focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-fg'
        }
      >
        {skipLink}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3">
        <Link href={home} className="flex min-w-0 items-center gap-3 text-fg no-underline">
          {/* The institute's own logo when one is chosen in /admin/about; the link's text names the institute. */}
          {brand.logo ? (
            <Image src={brand.logo} alt="" width={44} height={44} className="h-11 w-11 shrink-0 object-contain" />
          ) : (
            <Logo size={44} />
          )}
          <span className="min-w-0">
            <span className="block text-lg font-bold leading-tight">{brand.acronym}</span>
            <span className="block truncate text-sm text-muted" lang={brand.nameLang}>
              {brand.name}
            </span>
          </span>
        </Link>
        {/* Its own full-width row on phones, between the logo and the buttons from `sm` up. */}
        <HeaderSearch locale={locale} {...search} />
        <div className="flex items-center gap-2">
          <LanguageSwitch locale={locale} />
          <ThemeToggle labels={theme} />
          <SiteNav variant="mobile" groups={groups} labels={nav} />
        </div>
      </div>
      <SiteNav variant="desktop" groups={groups} labels={nav} />
      <NavMenus />
    </header>
  );
}
