import { NewsListPage } from '@/components/content/news-list-page';
import { area, areaTexts } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';
import { pageMetadata } from '@/lib/seo';
import { newsListPath } from '@/lib/content/addresses';

const locale: Locale = 'fr';
const names = areaTexts(area('news'), locale);

export const generateMetadata = () => pageMetadata({ title: names.label, description: names.description, path: newsListPath(), locale });

export default function NewsPage() {
  return <NewsListPage page={1} locale={locale} />;
}
