import { NewsListPage } from '@/components/content/news-list-page';
import { area } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';
import { pageMetadata } from '@/lib/seo';

const locale: Locale = 'fr';

export const generateMetadata = () => pageMetadata({ title: area('news').label, description: area('news').description, path: '/actualites', locale });

export default function NewsPage() {
  return <NewsListPage page={1} locale={locale} />;
}
