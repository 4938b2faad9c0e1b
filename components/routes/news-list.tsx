import { notFound } from 'next/navigation';
import { NewsListPage } from '@/components/content/news-list-page';
import { area, areaTexts } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo';
import { newsListPath } from '@/lib/content/addresses';

/** Later pages of the news list (`/actualites/page/{n}`) in `locale`. */
export function newsListRoute(locale: Locale) {
  const t = messages(locale).content;
  const names = areaTexts(area('news'), locale);

  type Props = { params: Promise<{ n: string }> };

  /** The page number of the URL (2 or more), or null. */
  async function pageNumber(params: Props['params']) {
    const { n } = await params;
    const page = /^\d{1,6}$/.test(n) ? Number(n) : NaN;
    return page >= 2 ? page : null;
  }

  function generateStaticParams() {
    return [{ n: '2' }];
  }

  async function generateMetadata({ params }: Props) {
    const page = await pageNumber(params);
    if (!page) return { title: t.notFoundTitle };
    return pageMetadata({
      title: t.news.pageTitle(names.label, page),
      description: names.description,
      path: newsListPath(page),
      locale,
    });
  }

  async function NewsPageN({ params }: Props) {
    const page = await pageNumber(params);
    if (!page) notFound();
    return <NewsListPage page={page} locale={locale} />;
  }

  return { generateStaticParams, generateMetadata, Page: NewsPageN };
}
