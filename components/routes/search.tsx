import { connection } from 'next/server';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { SearchBlock } from '@/components/search/search-results';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { readSearchParams } from '@/lib/search/params';
import { searchBlock, searchPageTitle } from '@/lib/search/page-html';
import { pageMetadata } from '@/lib/seo';
import { searchPath } from '@/lib/content/addresses';

/**
 * The search page (`/recherche?q=…`) in `locale`. Under the production server, a distinct search
 * is answered from a copy of this page with only its title and `SearchBlock` filled in
 * (lib/search/fast-page.ts): both come from the functions used here, so the two answers are the same.
 */
export function searchRoute(locale: Locale) {
  type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

  async function generateMetadata({ searchParams }: Props) {
    const { q } = readSearchParams(await searchParams);
    const t = messages(locale).search.page;
    const metadata = await pageMetadata({ title: searchPageTitle(q, locale), description: t.description, path: searchPath, locale });
    // Result pages are not for search engines (they follow the links to the pages themselves).
    return { ...metadata, robots: { index: false, follow: true } };
  }

  /** `/recherche?q=…`: the whole site and the text of its documents, in French, with filters. */
  async function SearchPage({ searchParams }: Props) {
    const params = readSearchParams(await searchParams);
    // Results depend on the time (scheduled items): never prerendered.
    await connection();
    const html = await searchBlock(await getDb(), params, locale);
    const t = messages(locale).search.page;
    return (
      <>
        <Breadcrumbs items={[{ label: t.breadcrumb }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{t.title}</h1>
        <SearchBlock html={html} />
      </>
    );
  }

  return { generateMetadata, Page: SearchPage };
}
