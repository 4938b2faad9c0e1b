/** The public views of news: `/actualites` and its later pages, each item on `/actualites/{id}` (`SiteViews`). */
import { contentLanguages, langAttr, localize } from '@/lib/i18n/content';
import type { SiteViews } from '../list-head';
import { NewsArticle } from '../news-article';
import { NewsList } from '../news-list-page';

export const views: SiteViews<'news'> = {
  List: (props) => <NewsList {...props} />,
  Item: {
    describe: (item, locale) => {
      const t = localize(item, locale, ['title', 'excerpt']);
      const languages = contentLanguages(item.translations, 'title');
      return { title: t.title, titleLang: langAttr(t.langOf('title'), locale), description: t.excerpt, languages };
    },
    View: ({ item, locale }) => <NewsArticle item={item} locale={locale} />,
  },
};
