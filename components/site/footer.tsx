import Link from 'next/link';
import type { SiteIdentity } from '@/lib/content/queries/site';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { newsListPath, calendarPath, dataPath } from '@/lib/content/addresses';

export function Footer({ identity, locale }: { identity: SiteIdentity | null; locale: Locale }) {
  const t = messages(locale).site;
  // Name and tagline in the page's language where /admin/about gives them, else in French, marked as such.
  const own = identity && localize(identity, locale, ['name', 'tagline']);
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold" lang={own ? langAttr(own.langOf('name'), locale) : undefined}>
            {own?.name}
          </p>
          {own?.tagline ? (
            <p className="mt-1 text-sm text-muted" lang={langAttr(own.langOf('tagline'), locale)}>
              {own.tagline}
            </p>
          ) : null}
        </div>
        <address className="text-sm not-italic">
          <p className="font-semibold">{t.footer.contact}</p>
          {identity?.address ? <p className="mt-1 whitespace-pre-line text-muted">{identity.address}</p> : null}
          {identity?.phone ? (
            <p className="mt-1">
              {t.footer.phone} <a href={`tel:${identity.phone.replace(/[^+\d]/g, '')}`}>{identity.phone.replace(/ /g, '\u00a0')}</a>
            </p>
          ) : null}
          {identity?.email ? (
            <p className="mt-1">
              {t.footer.email} <a href={`mailto:${identity.email}`}>{identity.email}</a>
            </p>
          ) : null}
        </address>
        <div className="text-sm">
          <p className="font-semibold">{t.footer.links}</p>
          <ul className="mt-1 space-y-1">
            <li>
              <Link href={localePath(locale, '/presentation/mission')}>{t.footer.institute}</Link>
            </li>
            <li>
              <Link href={localePath(locale, newsListPath())}>{t.footer.news}</Link>
            </li>
            <li>
              <Link href={localePath(locale, calendarPath)}>{t.footer.calendar}</Link>
            </li>
            <li>
              <Link href={localePath(locale, dataPath)}>{t.footer.data}</Link>
            </li>
            <li>
              <Link href={localePath(locale, '/accessibilite')}>{t.footer.accessibility}</Link>
            </li>
            <li>
              <Link href={localePath(locale, '/offres')}>{t.footer.tenders}</Link>
            </li>
            {identity?.socialLinks.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        {t.footer.rights(identity?.acronym ?? t.identity.acronym)}
      </p>
    </footer>
  );
}
