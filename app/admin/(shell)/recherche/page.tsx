import { SearchForm, SearchResults } from '@/components/search/search-results';
import { requireSession } from '@/lib/auth/guard';
import { getDb } from '@/lib/db';
import { readSearchParams } from '@/lib/search/params';
import { search } from '@/lib/search/query';

export const metadata = { title: 'Rechercher — Administration' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The same search as the public one, over every status (drafts, scheduled, trash), with links to edit. */
export default async function AdminSearchPage({ searchParams }: Props) {
  await requireSession();
  const params = readSearchParams(await searchParams);
  const result = params.q.trim()
    ? await search(await getDb(), {
        q: params.q,
        area: params.area,
        kind: params.kind,
        year: params.year,
        page: params.page,
        scope: 'admin',
      })
    : null;
  return (
    <>
      <h1 className="text-2xl font-bold">Rechercher</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Tous les contenus, quel que soit leur état — brouillons, programmés, en ligne, dans la corbeille — et le texte de leurs documents
        joints.
      </p>
      <SearchForm q={params.q} action="/admin/recherche" label="Rechercher dans les contenus" locale="fr" />
      {result ? <SearchResults result={result} params={params} scope="admin" base="/admin/recherche" locale="fr" /> : null}
    </>
  );
}
