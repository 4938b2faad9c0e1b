import { notFound } from 'next/navigation';
import type { Area } from '@/lib/content/areas';
import type { ListOf } from '@/lib/content/kinds';
import { PER_PAGE, newsListPath } from '@/lib/content/addresses';
import type { getPageContent } from '@/lib/content/public';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { Breadcrumbs } from './breadcrumbs';
import { NewsCard } from './news-card';
import { Pagination } from './pagination';
import { RichText } from './rich-text';

type Props = {
  data: ListOf<'news'>;
  intro: Awaited<ReturnType<typeof getPageContent>>;
  page: number;
  area: Area;
  label: string;
  locale: Locale;
};

/** /actualites and /actualites/page/{n}: page `page` of the news, its introduction in `locale` where translated. */
export function NewsList({ data: list, intro: introRow, page, area: a, label, locale }: Props) {
  const t = messages(locale).content.news;
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
