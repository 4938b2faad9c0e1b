/**
 * The public view of an item of each kind, as the back-office preview shows it (the public pages
 * render the same components). Typed by the index of kinds: a kind without its view does not compile.
 */
import type { ReactNode } from 'react';
import type { Area } from '@/lib/content/areas';
import type { Kinds } from '@/lib/content/kinds';
import type { KindName } from '@/lib/content/kinds/forms';
import type { SiteIdentity } from '@/lib/content/queries/site';
import { EventCard } from './event-card';
import { GalleryAlbum } from './gallery-album';
import { NewsArticle } from './news-article';
import { PublicationView } from './publication-page';
import { TenderCard } from './tender-card';

/** What a kind's `preview` gives, when the item exists. */
export type PreviewOf<K extends KindName> = NonNullable<Awaited<ReturnType<Kinds[K]['preview']>>>;

type ViewProps<K extends KindName> = { item: PreviewOf<K>; area: Area; identity: SiteIdentity | null };

export const kindViews: { [K in KindName]: (props: ViewProps<K>) => ReactNode } = {
  publications: ({ item, area, identity }) => <PublicationView area={area} publication={item} related={[]} identity={identity} />,
  news: ({ item }) => <NewsArticle item={item} />,
  events: ({ item }) => <EventCard event={item} />,
  galleries: ({ item }) => <GalleryAlbum gallery={item} />,
  tenders: ({ item }) => <TenderCard tender={item} />,
};
