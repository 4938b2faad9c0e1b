/**
 * An item of each kind as the back-office preview shows it (the public pages render the same
 * components). Typed by the index of kinds: a kind without its view does not compile. The public
 * pages' views are per kind (`./kinds/<kind>.tsx`, or `cardViews`), so that a page loads only its own.
 */
import type { ReactNode } from 'react';
import type { Area } from '@/lib/content/areas';
import type { Kinds } from '@/lib/content/kinds';
import type { KindName } from '@/lib/content/kinds/forms';
import type { SiteIdentity } from '@/lib/content/queries/site';
import type { Locale } from '@/lib/i18n/locales';
import { EventCard } from './event-card';
import { GalleryAlbum } from './gallery-album';
import { ItemCard } from './item-card';
import { NewsArticle } from './news-article';
import { PublicationView } from './publication-page';
import { TenderCard } from './tender-card';

/** What a kind's `preview` gives, when the item exists. */
export type PreviewOf<K extends KindName> = NonNullable<Awaited<ReturnType<Kinds[K]['preview']>>>;

type ViewProps<K extends KindName> = { item: PreviewOf<K>; area: Area; identity: SiteIdentity | null; locale: Locale };

export const kindViews: { [K in KindName]: (props: ViewProps<K>) => ReactNode } = {
  publications: ({ item, area, identity, locale }) => (
    <PublicationView area={area} publication={item} related={[]} identity={identity} locale={locale} />
  ),
  news: ({ item, locale }) => <NewsArticle item={item} locale={locale} />,
  events: ({ item, locale }) => <EventCard event={item} locale={locale} />,
  galleries: ({ item, locale }) => <GalleryAlbum gallery={item} locale={locale} />,
  tenders: ({ item, locale }) => <TenderCard tender={item} locale={locale} />,
  'press-releases': ({ item, locale }) => <ItemCard item={item} locale={locale} />,
};
