import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { NewsArticle } from '@/components/content/news-article';
import { area, areaTexts } from '@/lib/content/areas';
import { getNewsItem, getPublicRefs } from '@/lib/content/public';
import { contentLanguages, langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo';
import { newsUrl, newsListPath } from '@/lib/content/addresses';

/** A news item (`/actualites/{id}`) in `locale`. */
export function newsItemRoute(locale: Locale) {
  const t = messages(locale).content;

  type Props = { params: Promise<{ id: string }> };

  /** The news item for a route id, or null (any id that is not a positive integer included). */
  async function find(params: Props['params']) {
    const { id } = await params;
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
    return getNewsItem(Number(id));
  }

  async function generateStaticParams() {
    const { news } = await getPublicRefs();
    return news.length > 0 ? news.map((n) => ({ id: String(n.id) })) : [{ id: '1' }];
  }

  // Metadata never calls notFound(): the page does, so the 404 is rendered on the server.
  async function generateMetadata({ params }: Props) {
    const found = await find(params);
    if (!found) return { title: t.notFoundTitle };
    const item = localize(found, locale, ['title', 'excerpt']);
    // An item without excerpt is described by its area (search engines want a description).
    return pageMetadata({
      title: item.title,
      description: item.excerpt || areaTexts(area('news'), locale).description,
      path: newsUrl(item),
      type: 'article',
      locale,
      languages: contentLanguages(found.translations, 'title'),
    });
  }

  async function NewsItemPage({ params }: Props) {
    const item = await find(params);
    if (!item) notFound();
    const title = localize(item, locale, ['title']);
    return (
      <>
        <Breadcrumbs
          items={[
            { label: areaTexts(area('news'), locale).label, href: newsListPath() },
            { label: title.title, lang: langAttr(title.langOf('title'), locale) },
          ]}
          locale={locale}
        />
        <NewsArticle item={item} locale={locale} />
      </>
    );
  }

  return { generateStaticParams, generateMetadata, Page: NewsItemPage };
}
