/** The public list of news: `/actualites` and its later pages (`SiteViews`; an item's page: `./news-item.tsx`). */
import type { SiteViews } from '../list-head';
import { NewsList } from '../news-list-page';

export const views: SiteViews<'news'> = { List: (props) => <NewsList {...props} /> };
