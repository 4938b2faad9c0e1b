import { connection } from 'next/server';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { SearchForm, SearchResults } from '@/components/search/search-results';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { readSearchParams, searchHref } from '@/lib/search/params';
import { cachedSearch } from '@/lib/search/cache';
import { pageMetadata } from '@/lib/seo';
import { searchPath } from '@/lib/content/addresses';

/** The search page (`/recherche?q=…`) in `locale`. */
export function searchRoute(locale: Locale) {
  type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

  async function generateMetadata({ searchParams }: Props) {
    const { q } = readSearchParams(await searchParams);
    const t = messages(locale).search.page;
    const metadata = await pageMetadata({
      title: q ? t.metaTitle(q.slice(0, 60)) : t.metaTitleEmpty,
      description: t.description,
      path: searchPath,
      locale,
    });
    // Result pages are not for search engines (they follow the links to the pages themselves).
    return { ...metadata, robots: { index: false, follow: true } };
  }

  /** `/recherche?q=…`: the whole site and the text of its documents, in French, with filters. */
  async function SearchPage({ searchParams }: Props) {
    const params = readSearchParams(await searchParams);
    // Results depend on the time (scheduled items): never prerendered.
    await connection();
    const result = params.q.trim()
      ? await cachedSearch(await getDb(), {
          q: params.q,
          area: params.area,
          kind: params.kind,
          year: params.year,
          page: params.page,
          locale,
        })
      : null;
    const t = messages(locale).search.page;
    return (
      <>
        <Breadcrumbs items={[{ label: t.breadcrumb }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{t.title}</h1>
        <SearchForm q={params.q} action={searchHref({})} label={t.formLabel} locale={locale} />
        {result ? (
          <SearchResults result={result} params={params} scope="public" base={searchPath} locale={locale} />
        ) : (
          <p className="mt-6 text-muted">{t.prompt}</p>
        )}
      </>
    );
  }

  return { generateMetadata, Page: SearchPage };
}
