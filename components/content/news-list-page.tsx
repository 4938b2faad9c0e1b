import { notFound } from 'next/navigation';
import { area, areaTexts } from '@/lib/content/areas';
import { getNewsPage, getPageContent } from '@/lib/content/public';
import { PER_PAGE, newsListPath } from '@/lib/content/addresses';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { Breadcrumbs } from './breadcrumbs';
import { NewsCard } from './news-card';
import { Pagination } from './pagination';
import { RichText } from './rich-text';

/** /actualites and /actualites/page/{n}. */
export async function NewsListPage({ page, locale }: { page: number; locale: Locale }) {
  const t = messages(locale).content.news;
  const a = area('news');
  const { label } = areaTexts(a, locale);
  const [introRow, list] = await Promise.all([getPageContent('intro:news'), getNewsPage(page)]);
  const intro = introRow ? localize(introRow, locale, ['body']) : null;
  const totalPages = Math.max(1, Math.ceil(list.total / PER_PAGE));
  if (page > totalPages) notFound();
  return (
    <>
      <Breadcrumbs items={[{ label, href: a.publicPath }, ...(page > 1 ? [{ label: t.pageCrumb(page) }] : [])]} locale={locale} />
      <h1 className="text-3xl font-bold leading-tight">{label}</h1>
      {intro?.body ? <RichText html={intro.body} lang={langAttr(intro.langOf('body'), locale)} className="mt-4 text-lg" /> : null}
      {list.items.length === 0 ? <p className="mt-6 text-muted">{t.none}</p> : null}
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.items.map((n) => (
          <NewsCard key={n.id} item={n} headingLevel={2} locale={locale} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} href={newsListPath} locale={locale} />
    </>
  );
}
