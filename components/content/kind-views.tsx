/**
 * An item of each kind as the back-office preview shows it (the public pages render the same
 * components). A kind whose preview is a card (`CardItem`: press releases) needs no entry: it is
 * shown by the generic `ItemCard` (`/admin/apercu`); every other kind must have its view here, or this does not
 * compile. The public pages' views are per kind (`./kinds/<kind>.tsx`, or `cardViews`), so that a
 * page loads only its own.
 */
import type { ReactNode } from 'react';
import type { Area } from '@/lib/content/areas';
import type { Kinds } from '@/lib/content/kinds';
import type { KindName } from '@/lib/content/kinds';
import type { SiteIdentity } from '@/lib/content/queries/site';
import type { Locale } from '@/lib/i18n/locales';
import { EventCard } from './event-card';
import { GalleryAlbum } from './gallery-album';
import type { CardItem } from './item-card';
import { NewsArticle } from './news-article';
import { PublicationView } from './publication-page';
import { TenderCard } from './tender-card';

/** What a kind's `preview` gives, when the item exists. */
export type PreviewOf<K extends KindName> = NonNullable<Awaited<ReturnType<Kinds[K]['preview']>>>;

type ViewProps<K extends KindName> = { item: PreviewOf<K>; area: Area; identity: SiteIdentity | null; locale: Locale };
type View<K extends KindName> = (props: ViewProps<K>) => ReactNode;

/** The kinds whose preview the generic card can show: they need no entry below. */
type CardPreviewKind = { [K in KindName]: PreviewOf<K> extends CardItem ? K : never }[KindName];

/**
 * The kinds' own preview views: required for a kind the card cannot show, optional for the others
 * (the preview page shows those by `ItemCard`).
 */
export const kindViews: { [K in Exclude<KindName, CardPreviewKind>]: View<K> } & { [K in CardPreviewKind]?: View<K> } = {
  publications: ({ item, area, identity, locale }) => (
    <PublicationView area={area} publication={item} related={[]} identity={identity} locale={locale} />
  ),
  news: ({ item, locale }) => <NewsArticle item={item} locale={locale} />,
  events: ({ item, locale }) => <EventCard event={item} locale={locale} />,
  galleries: ({ item, locale }) => <GalleryAlbum gallery={item} locale={locale} />,
  tenders: ({ item, locale }) => <TenderCard tender={item} locale={locale} />,
};
