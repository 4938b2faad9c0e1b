/**
 * What every kind's public views share (`components/content/kinds/<kind>.tsx`, or `cardViews`): the
 * props of a list page and of an item's page, and the heading of a list page. A route imports the
 * views of its own kind only, so that its page loads no other kind's client code.
 */
import type { ReactNode } from 'react';
import type { Area } from '@/lib/content/areas';
import type { ItemOf, ListOf, SiteKindName } from '@/lib/content/kinds';
import type { getPageContent } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';
import { Breadcrumbs } from './breadcrumbs';
import { RichText } from './rich-text';

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

/** An item's own page: its title (with its language), summary and languages in `locale`, and its view. */
export type ItemView<K extends SiteKindName> = {
  describe(
    item: Awaited<ItemOf<K>>,
    locale: Locale,
  ): { title: string; titleLang: Locale | undefined; description: string; languages: readonly Locale[] };
  View(props: { item: Awaited<ItemOf<K>>; locale: Locale }): ReactNode;
};

/**
 * A kind's public views: its list page (`./kinds/<kind>.tsx`), its items' page when they have one
 * (`./kinds/<kind>-item.tsx`: apart, so that an item's page loads none of the list's client code).
 */
export type SiteViews<K extends SiteKindName> = { List?(props: ListProps<K>): ReactNode; Item?: ItemView<K> };

/** The heading of a list page: breadcrumbs, title and the area's introduction (shown as written, in French). */
export function ListHead({ intro, label, locale }: { intro: Intro; label: string; locale: Locale }) {
  return (
    <>
      <Breadcrumbs items={[{ label }]} locale={locale} />
      <h1 className="text-3xl font-bold leading-tight">{label}</h1>
      {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
    </>
  );
}
