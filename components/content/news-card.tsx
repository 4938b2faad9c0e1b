import type { NewsSummary } from '@/lib/content/queries/news';
import { fileUrl, newsUrl } from '@/lib/content/addresses';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { NewsCardView, type NewsCardViewProps } from './news-card-view';

/** A news item as the plain data `NewsCardView` draws, in `locale`. */
export function newsCardView(row: NewsSummary, locale: Locale, headingLevel: 2 | 3 = 3): NewsCardViewProps {
  const item = localize(row, locale, ['title', 'excerpt']);
  const titleLang = langAttr(item.langOf('title'), locale);
  const excerptLang = langAttr(item.langOf('excerpt'), locale);
  return {
    headingLevel,
    ...(item.cover ? { cover: { src: fileUrl(item.cover), width: item.cover.width ?? 1200, height: item.cover.height ?? 800 } } : {}),
    title: item.title,
    ...(titleLang ? { titleLang } : {}),
    href: localePath(locale, newsUrl(item)),
    date: { iso: isoDate(item.publishedAt), text: formatDate(item.publishedAt, locale) },
    excerpt: item.excerpt,
    ...(excerptLang ? { excerptLang } : {}),
  };
}

/** A news item in a list: cover, title, date, excerpt, in English where translated (else French marked `lang="fr"`). */
export function NewsCard({ item, headingLevel = 3, locale }: { item: NewsSummary; headingLevel?: 2 | 3; locale: Locale }) {
  return <NewsCardView {...newsCardView(item, locale, headingLevel)} />;
}
