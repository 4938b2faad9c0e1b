import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import type { ItemView, SiteViews } from '@/components/content/list-head';
import { areaListUrl } from '@/lib/content/addresses';
import { areas, areaTexts, type Area } from '@/lib/content/areas';
import type { SiteKindName } from '@/lib/content/kinds';
import { getKindItem, getKindList, getKindRefs, getPageContent } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo';

/**
 * The public routes of a kind (`Kind.site`) in `locale`, at its area's address: the list
 * (`/events`), its later pages (`/actualites/page/{n}`) and its items' pages (`/actualites/{id}`),
 * for the kinds whose items have them, rendered by the kind's `views` (`components/content/kinds/<kind>.tsx`,
 * or `cardViews`). Every kind's pages under `app/(site)` and `app/(en)/en` are these exports and
 * nothing else, written from one list (scripts/kind-pages/files.ts).
 */
export function kindRoutes<K extends SiteKindName>(name: K, locale: Locale, views: SiteViews<K>) {
  const t = messages(locale).content;
  const a: Area | undefined = areas.find((x) => x.kind === name);
  const path = a?.publicPath;
  if (!a || !path) throw new Error(`${name}: no area with a public page`);
  const names = areaTexts(a, locale);

  async function ListPage({ page }: { page: number }) {
    const [intro, data] = await Promise.all([getPageContent(`intro:${a!.slug}`), getKindList(name, page)]);
    const { List } = views;
    if (!List) throw new Error(`${name}: no list view`);
    return <List data={data} intro={intro} page={page} area={a!} label={names.label} locale={locale} />;
  }

  /** The list's first page. */
  const list = {
    generateMetadata: () => pageMetadata({ title: names.label, description: names.description, path, locale }),
    Page: () => <ListPage page={1} />,
  };

  type PageProps = { params: Promise<{ n: string }> };
  /** The page number of the URL (2 or more), or null. */
  async function pageNumber(params: PageProps['params']) {
    const { n } = await params;
    const page = /^\d{1,6}$/.test(n) ? Number(n) : NaN;
    return page >= 2 ? page : null;
  }

  /** Its later pages (`{path}/page/{n}`). */
  const listPage = {
    generateStaticParams: () => [{ n: '2' }],
    async generateMetadata({ params }: PageProps) {
      const page = await pageNumber(params);
      if (!page) return { title: t.notFoundTitle };
      return pageMetadata({
        title: t.news.pageTitle(names.label, page),
        description: names.description,
        path: areaListUrl(path, undefined, page),
        locale,
      });
    },
    async Page({ params }: PageProps) {
      const page = await pageNumber(params);
      if (!page) notFound();
      return <ListPage page={page} />;
    },
  };

  type ItemProps = { params: Promise<{ id: string }> };
  /** The item for a route id, or null (any id that is not a positive integer included). */
  async function find(params: ItemProps['params']) {
    const { id } = await params;
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
    const item = await getKindItem(name, Number(id));
    return item ? { id: Number(id), item } : null;
  }
  const view = (): ItemView<K> => {
    const v: ItemView<K> | undefined = views.Item;
    if (!v) throw new Error(`${name}: its items have no page`);
    return v;
  };

  /** An item's page (`{path}/{id}`). */
  const item = {
    async generateStaticParams() {
      const refs = await getKindRefs(name);
      return refs.length > 0 ? refs.map((r) => ({ id: String(r.id) })) : [{ id: '1' }];
    },
    // Metadata never calls notFound(): the page does, so the 404 is rendered on the server.
    async generateMetadata({ params }: ItemProps) {
      const found = await find(params);
      if (!found) return { title: t.notFoundTitle };
      const { title, description, languages } = view().describe(found.item, locale);
      // An item without summary is described by its area (search engines want a description).
      return pageMetadata({
        title,
        description: description || names.description,
        path: `${path}/${found.id}`,
        type: 'article',
        locale,
        languages,
      });
    },
    async Page({ params }: ItemProps) {
      const found = await find(params);
      if (!found) notFound();
      const { View, describe } = view();
      const { title, titleLang } = describe(found.item, locale);
      return (
        <>
          <Breadcrumbs
            items={[
              { label: names.label, href: path },
              { label: title, lang: titleLang },
            ]}
            locale={locale}
          />
          <View item={found.item} locale={locale} />
        </>
      );
    },
  };

  return { list, listPage, item };
}
