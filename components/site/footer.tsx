import type { SiteIdentity } from '@/lib/content/queries/site';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { newsListPath, calendarPath, dataPath, microdataPath } from '@/lib/content/addresses';
import { SiteFooter } from './site-footer';

/** The footer of a public page in `locale`: its words and links computed here, drawn by the client `SiteFooter`. */
export function Footer({ identity, locale }: { identity: SiteIdentity | null; locale: Locale }) {
  const t = messages(locale).site;
  // Name and tagline in the page's language where /admin/about gives them, else in French, marked as such.
  const own = identity && localize(identity, locale, ['name', 'tagline']);
  return (
    <SiteFooter
      name={own ? { text: own.name, lang: langAttr(own.langOf('name'), locale) } : undefined}
      tagline={own?.tagline ? { text: own.tagline, lang: langAttr(own.langOf('tagline'), locale) } : undefined}
      contact={{
        title: t.footer.contact,
        address: identity?.address || undefined,
        phone: identity?.phone
          ? { label: t.footer.phone, href: `tel:${identity.phone.replace(/[^+\d]/g, '')}`, text: identity.phone.replace(/ /g, '\u00a0') }
          : undefined,
        email: identity?.email ? { label: t.footer.email, address: identity.email } : undefined,
      }}
      links={{
        title: t.footer.links,
        pages: [
          { href: localePath(locale, '/presentation/mission'), label: t.footer.institute },
          { href: localePath(locale, newsListPath()), label: t.footer.news },
          { href: localePath(locale, calendarPath), label: t.footer.calendar },
          { href: localePath(locale, dataPath), label: t.footer.data },
          { href: localePath(locale, microdataPath), label: t.footer.microdata },
          { href: localePath(locale, '/accessibilite'), label: t.footer.accessibility },
          { href: localePath(locale, '/offres'), label: t.footer.tenders },
        ],
        social: identity?.socialLinks ?? [],
      }}
      rights={t.footer.rights(identity?.acronym ?? t.identity.acronym)}
    />
  );
}
