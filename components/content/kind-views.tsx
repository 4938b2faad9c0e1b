/**
 * The public views of each kind: an item as the back-office preview shows it (`kindViews`, the
 * public pages render the same components), the list its area's page shows (`kindLists`) and, for
 * kinds whose items have pages of their own, that page (`kindItems`). Typed by the index of kinds:
 * a kind without its views does not compile. The route factory (`components/routes/kind.tsx`)
 * serves them in every language.
 */
import type { ReactNode } from 'react';
import type { Area } from '@/lib/content/areas';
import { kinds, type ItemOf, type Kinds, type ListOf, type SiteKindName } from '@/lib/content/kinds';
import { publicKindWords } from '@/lib/content/kinds/kind';
import type { KindName } from '@/lib/content/kinds/forms';
import type { SiteIdentity } from '@/lib/content/queries/site';
import type { getPageContent } from '@/lib/content/public';
import { contentLanguages, langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { Breadcrumbs } from './breadcrumbs';
import { EventCard } from './event-card';
import { GalleryAlbum } from './gallery-album';
import { ItemCard, type CardItem } from './item-card';
import { NewsArticle } from './news-article';
import { NewsList } from './news-list-page';
import { PublicationView } from './publication-page';
import { RichText } from './rich-text';
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

/** The introduction of an area (`intro:{area}`, edited in /admin/about). */
export type Intro = Awaited<ReturnType<typeof getPageContent>>;

/** What an area's page gets: page `page` of its kind's list, its introduction, its names in `locale`. */
export type ListProps<K extends SiteKindName> = {
  data: Awaited<ListOf<K>>;
  intro: Intro;
  page: number;
  area: Area;
  label: string;
  locale: Locale;
};

/** The heading of a list page: breadcrumbs, title and the area's introduction (shown as written, in French). */
function ListHead({ intro, label, locale }: { intro: Intro; label: string; locale: Locale }) {
  return (
    <>
      <Breadcrumbs items={[{ label }]} locale={locale} />
      <h1 className="text-3xl font-bold leading-tight">{label}</h1>
      {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
    </>
  );
}

/** The generic list page of a kind without a component of its own: its items' cards (`ItemCard`), newest first, or its empty sentence. */
export function CardList({
  items,
  intro,
  label,
  empty,
  locale,
}: {
  items: CardItem[];
  intro: Intro;
  label: string;
  empty: string;
  locale: Locale;
}) {
  return (
    <>
      <ListHead intro={intro} label={label} locale={locale} />
      {items.length === 0 ? <p className="mt-6 text-muted">{empty}</p> : null}
      <ul className="mt-8 space-y-6">
        {items.map((item) => (
          <li key={item.id}>
            <ItemCard item={item} locale={locale} />
          </li>
        ))}
      </ul>
    </>
  );
}

function EventList({ items, locale }: { items: ListOf<'events'>['past']; locale: Locale }) {
  return (
    <ul className="mt-4 space-y-6">
      {items.map((e) => (
        <li key={e.id}>
          <EventCard event={e} locale={locale} />
        </li>
      ))}
    </ul>
  );
}

export const kindLists: { [K in SiteKindName]: (props: ListProps<K>) => ReactNode } = {
  news: (props) => <NewsList {...props} />,
  events: ({ data: { upcoming, past }, intro, label, locale }) => {
    const t = messages(locale).content.events;
    return (
      <>
        <ListHead intro={intro} label={label} locale={locale} />
        <section aria-labelledby="a-venir" className="mt-8">
          <h2 id="a-venir" className="text-2xl font-bold">
            {t.upcoming}
          </h2>
          {upcoming.length === 0 ? <p className="mt-3 text-muted">{t.noUpcoming}</p> : <EventList items={upcoming} locale={locale} />}
        </section>
        <section aria-labelledby="passes" className="mt-10">
          <h2 id="passes" className="text-2xl font-bold">
            {t.past}
          </h2>
          {past.length === 0 ? <p className="mt-3 text-muted">{t.noPast}</p> : <EventList items={past} locale={locale} />}
        </section>
      </>
    );
  },
  galleries: ({ data: galleries, intro, label, locale }) => (
    <>
      <ListHead intro={intro} label={label} locale={locale} />
      {galleries.length === 0 ? <p className="mt-6 text-muted">{messages(locale).content.gallery.none}</p> : null}
      {galleries.map((g) => (
        <GalleryAlbum key={g.id} gallery={g} locale={locale} />
      ))}
    </>
  ),
  tenders: ({ data: tenders, intro, label, locale }) => (
    <>
      <ListHead intro={intro} label={label} locale={locale} />
      {tenders.length === 0 ? <p className="mt-6 text-muted">{messages(locale).content.tenders.none}</p> : null}
      <ul className="mt-8 space-y-6">
        {tenders.map((tender) => (
          <li key={tender.id}>
            <TenderCard tender={tender} locale={locale} />
          </li>
        ))}
      </ul>
    </>
  ),
  'press-releases': ({ data, intro, label, locale }) => (
    <CardList
      items={data}
      intro={intro}
      label={label}
      empty={publicKindWords(kinds['press-releases'].words, locale).empty ?? ''}
      locale={locale}
    />
  ),
};

/** An item's own page: its title (with its language) and summary in `locale`, and its view. */
export type ItemView<K extends SiteKindName> = {
  /** Its title and language, summary and the languages it exists in. */
  describe(
    item: Awaited<ItemOf<K>>,
    locale: Locale,
  ): { title: string; titleLang: Locale | undefined; description: string; languages: readonly Locale[] };
  View(props: { item: Awaited<ItemOf<K>>; locale: Locale }): ReactNode;
};

export const kindItems: { [K in SiteKindName]?: ItemView<K> } = {
  news: {
    describe: (item, locale) => {
      const t = localize(item, locale, ['title', 'excerpt']);
      const languages = contentLanguages(item.translations, 'title');
      return { title: t.title, titleLang: langAttr(t.langOf('title'), locale), description: t.excerpt, languages };
    },
    View: ({ item, locale }) => <NewsArticle item={item} locale={locale} />,
  },
};
