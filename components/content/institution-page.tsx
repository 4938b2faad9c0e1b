import Image from 'next/image';
import { notFound } from 'next/navigation';
import { accessibilityStatement } from '@/lib/content/accessibility-statement';
import { area, areaTexts, type AreaSlug } from '@/lib/content/areas';
import { getPageContent } from '@/lib/content/public';
import { fileUrl } from '@/lib/content/addresses';
import { langAttr, langsOf, localize } from '@/lib/i18n/content';
import { contentLanguages } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata, textExcerpt } from '@/lib/seo';
import { Breadcrumbs } from './breadcrumbs';
import { RichText } from './rich-text';
import { UntranslatedNotice } from './untranslated-notice';

/** The accessibility statement is never missing: an install older than it shows the default text. */
const fallback = (key: AreaSlug) => (key === 'accessibilite' ? { ...accessibilityStatement, photo: null } : null);

/**
 * Metadata of an institutional page (`mission`, `mot_du_dg`, `accessibilite`), in the page's
 * language (its area's name while the page has no text).
 */
export async function institutionMetadata(key: AreaSlug, locale: Locale) {
  const a = area(key);
  const names = areaTexts(a, locale);
  const row = (await getPageContent(key)) ?? fallback(key);
  const page = row ? localize(row, locale, ['title', 'body']) : null;
  return pageMetadata({
    title: page?.title ?? names.label,
    description: page ? textExcerpt(page.body) : names.description,
    path: a.publicPath!,
    locale,
    languages: contentLanguages(row && 'translations' in row ? row.translations : null, 'title'),
  });
}

/** An institutional text edited in /admin/about, in English where translated (else French marked `lang="fr"`, with the notice). */
export async function InstitutionPage({ pageKey, locale }: { pageKey: AreaSlug; locale: Locale }) {
  const t = messages(locale).content.institution;
  const a = area(pageKey);
  const row = (await getPageContent(pageKey)) ?? fallback(pageKey);
  if (!row) notFound();
  const page = localize(row, locale, ['title', 'body']);
  return (
    <>
      <Breadcrumbs items={[{ label: t.crumb }, { label: areaTexts(a, locale).menuLabel }]} locale={locale} />
      <UntranslatedNotice locale={locale} langs={langsOf(page, ['title', 'body'])} />
      <h1 lang={langAttr(page.langOf('title'), locale)} className="text-3xl font-bold leading-tight">
        {page.title}
      </h1>
      <div className="mt-6 flex flex-col gap-8 md:flex-row-reverse md:items-start">
        {page.photo ? (
          <Image
            src={fileUrl(page.photo)}
            alt={pageKey === 'mot_du_dg' ? t.directorPortrait : ''}
            width={page.photo.width ?? 320}
            height={page.photo.height ?? 400}
            sizes="(min-width: 768px) 16rem, 12rem"
            className="h-auto w-48 rounded-lg md:w-64"
          />
        ) : null}
        <RichText html={page.body} lang={langAttr(page.langOf('body'), locale)} />
      </div>
    </>
  );
}
