/** A news item's public page, `/actualites/{id}` (`SiteViews`). */
import { contentLanguages, langAttr, localize } from '@/lib/i18n/content';
import type { SiteViews } from '../list-head';
import { NewsArticle } from '../news-article';

export const views: SiteViews<'news'> = {
  Item: {
    describe: (item, locale) => {
      const t = localize(item, locale, ['title', 'excerpt']);
      const languages = contentLanguages(item.translations, 'title');
      return { title: t.title, titleLang: langAttr(t.langOf('title'), locale), description: t.excerpt, languages };
    },
    View: ({ item, locale }) => <NewsArticle item={item} locale={locale} />,
  },
};
