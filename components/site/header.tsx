import type { SiteIdentity } from '@/lib/content/queries/site';
import { fileUrl, searchPath } from '@/lib/content/addresses';
import { areasOfSection, areaTexts, sectionLabel, sections } from '@/lib/content/areas';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { searchSourceLabels } from '@/lib/search/query';
import { SiteHeader } from './site-header';
import type { NavGroup } from './site-nav';

/** Every section of the registry that has public pages, with its pages' addresses and names in `locale`. */
export function navGroups(locale: Locale): NavGroup[] {
  return sections
    .map((s) => ({
      key: s.key,
      label: sectionLabel(s.key, locale),
      links: areasOfSection(s.key).map((a) => ({ href: localePath(locale, a.publicPath!), label: areaTexts(a, locale).menuLabel })),
    }))
    .filter((g) => g.links.length > 0);
}

/** The header of a public page in `locale`: its words and links computed here, drawn by the client `SiteHeader`. */
export function Header({ identity, locale }: { identity: SiteIdentity | null; locale: Locale }) {
  const t = messages(locale);
  // The name in the page's language where /admin/about gives one, else the French name, marked as such.
  const named = identity && localize(identity, locale, ['name']);
  return (
    <SiteHeader
      locale={locale}
      home={localePath(locale, '/')}
      skipLink={t.site.header.skipLink}
      brand={{
        acronym: identity?.acronym ?? t.site.identity.acronym,
        name: named?.name ?? t.site.identity.name,
        nameLang: named ? langAttr(named.langOf('name'), locale) : undefined,
        logo: identity?.logo ? fileUrl(identity.logo) : undefined,
      }}
      search={{ action: localePath(locale, searchPath), labels: t.search.header, kindLabels: searchSourceLabels(locale) }}
      theme={t.site.theme}
      nav={t.site.nav}
      groups={navGroups(locale)}
    />
  );
}
