import Image from 'next/image';
import Link from 'next/link';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Logo } from '@/components/ui/logo';
import type { SiteIdentity } from '@/lib/content/queries/site';
import { fileUrl } from '@/lib/content/addresses';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { HeaderSearch } from './header-search';
import { LanguageSwitch } from './language-switch';
import { NavMenus } from './nav-menus';
import { SiteNav } from './site-nav';

export function Header({ identity, locale }: { identity: SiteIdentity | null; locale: Locale }) {
  const t = messages(locale).site;
  // The name in the page's language where /admin/about gives one, else the French name, marked as such.
  const named = identity && localize(identity, locale, ['name']);
  return (
    <header className="border-b border-border bg-bg">
      <a
        href="#contenu"
        className={
          'sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 ' +
          'focus:rounded focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-fg'
        }
      >
        {t.header.skipLink}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3">
        <Link href={localePath(locale, '/')} className="flex min-w-0 items-center gap-3 text-fg no-underline">
          {/* The institute's own logo when one is chosen in /admin/about; the link's text names the institute. */}
          {identity?.logo ? (
            <Image src={fileUrl(identity.logo)} alt="" width={44} height={44} className="h-11 w-11 shrink-0 object-contain" />
          ) : (
            <Logo size={44} />
          )}
          <span className="min-w-0">
            <span className="block text-lg font-bold leading-tight">{identity?.acronym ?? t.identity.acronym}</span>
            <span className="block truncate text-sm text-muted" lang={named ? langAttr(named.langOf('name'), locale) : undefined}>
              {named?.name ?? t.identity.name}
            </span>
          </span>
        </Link>
        {/* Its own full-width row on phones, between the logo and the buttons from `sm` up. */}
        <HeaderSearch locale={locale} />
        <div className="flex items-center gap-2">
          <LanguageSwitch locale={locale} />
          <ThemeToggle labels={t.theme} />
          <SiteNav variant="mobile" locale={locale} />
        </div>
      </div>
      <SiteNav variant="desktop" locale={locale} />
      <NavMenus />
    </header>
  );
}
