import { Suspense } from 'react';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { SearchForm, SearchResults } from '@/components/search/search-results';
import { getDb } from '@/lib/db';
import { readSearchParams, searchHref } from '@/lib/search/params';
import { search } from '@/lib/search/query';
import { pageMetadata } from '@/lib/seo';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props) {
  const { q } = readSearchParams(await searchParams);
  const metadata = await pageMetadata({
    title: q ? `Recherche : ${q.slice(0, 60)}` : 'Rechercher sur le site',
    description: 'Rechercher dans les publications, séries, actualités, événements, appels d’offres et pages de l’institut, et dans le texte de leurs documents.',
    path: '/recherche',
  });
  // Result pages are not for search engines (they follow the links to the pages themselves).
  return { ...metadata, robots: { index: false, follow: true } };
}

/** Results: read at request time (never cached — what is public changes with the clock). */
async function Results({ searchParams }: Props) {
  const params = readSearchParams(await searchParams);
  if (!params.q.trim()) return <p className="mt-6 text-muted">Saisissez un ou plusieurs mots, ou une expression entre guillemets.</p>;
  const result = await search(await getDb(), { q: params.q, area: params.area, kind: params.kind, year: params.year, page: params.page, scope: 'public' });
  return <SearchResults result={result} params={params} scope="public" base="/recherche" />;
}

async function Form({ searchParams }: Props) {
  const { q } = readSearchParams(await searchParams);
  return <SearchForm q={q} action={searchHref({})} label="Rechercher dans tout le site et ses documents" />;
}

/** `/recherche?q=…`: the whole site and the text of its documents, in French, with filters. */
export default function SearchPage({ searchParams }: Props) {
  return (
    <>
      <Breadcrumbs items={[{ label: 'Recherche' }]} />
      <h1 className="text-3xl font-bold leading-tight">Rechercher</h1>
      <Suspense fallback={<SearchForm q="" action="/recherche" label="Rechercher dans tout le site et ses documents" />}>
        <Form searchParams={searchParams} />
      </Suspense>
      <Suspense fallback={<p className="mt-6 text-muted">Recherche en cours…</p>}>
        <Results searchParams={searchParams} />
      </Suspense>
    </>
  );
}
