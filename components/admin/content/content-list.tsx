'use client';
/**
 * The back-office list of an admin screen's areas, for every kind (publications, news, events,
 * galleries, tenders): search, status, year, sort, pages and bulk publish / unpublish / trash /
 * restore, fetched with TanStack Query from `/api/admin/{kind}` (no page reload). Filters live in
 * the URL query so a list can be bookmarked and reloaded. Each title opens the item's edit screen.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { getArea } from '@/lib/content/areas';
import type { KindName } from '@/lib/content/kinds';
import { editPath } from '@/lib/content/editing/paths';
import type { AdminItemRow } from '@/lib/content/queries/admin-items';
import { formatDateTime } from '@/lib/i18n/format';

type ListResponse = { total: number; page: number; perPage: number; years: number[]; items: AdminItemRow[] };

const statusLabels: Record<string, string> = { draft: 'Brouillon', scheduled: 'Programmé', published: 'En ligne', archived: 'Archivé' };

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `Erreur ${response.status}. Réessayez.`);
  return body;
}

/**
 * `canPublish`: the user puts online and withdraws (bulk actions on any row); otherwise they may
 * trash and restore only the drafts of `draftAreas` (their areas among the list's), the only rows
 * they can select. With neither, the list has no selection.
 */
export function ContentList({
  kind,
  areas,
  showArea,
  canPublish,
  draftAreas,
}: {
  kind: KindName;
  areas: string[];
  showArea: boolean;
  canPublish: boolean;
  draftAreas: string[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const queryClient = useQueryClient();
  const id = useId();
  const filters = {
    q: search.get('q') ?? '',
    status: search.get('statut') ?? '',
    year: search.get('annee') ?? '',
    sort: search.get('tri') ?? 'updated',
    page: Number(search.get('page') ?? '1') || 1,
  };
  const [text, setText] = useState(filters.q);
  const [ticked, setTicked] = useState<Set<number>>(new Set());

  const setFilters = (next: Partial<typeof filters>) => {
    const merged = { ...filters, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.q) params.set('q', merged.q);
    if (merged.status) params.set('statut', merged.status);
    if (merged.year) params.set('annee', merged.year);
    if (merged.sort !== 'updated') params.set('tri', merged.sort);
    if (merged.page > 1) params.set('page', String(merged.page));
    router.replace(`${pathname}${params.size ? `?${params}` : ''}`, { scroll: false });
  };

  // Search as one types, a moment after the last key.
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => setFilters({ q: text }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text triggers a search
  }, [text]);

  const apiParams = new URLSearchParams();
  for (const a of areas) apiParams.append('area', a);
  if (filters.q) apiParams.set('q', filters.q);
  if (filters.status) apiParams.set('status', filters.status);
  if (filters.year) apiParams.set('year', filters.year);
  apiParams.set('sort', filters.sort);
  apiParams.set('dir', filters.sort === 'title' ? 'asc' : 'desc');
  apiParams.set('page', String(filters.page));
  const key = ['admin-list', kind, apiParams.toString()];
  const list = useQuery({
    queryKey: key,
    queryFn: () => fetchJson<ListResponse>(`/api/admin/${kind}?${apiParams}`),
    placeholderData: keepPreviousData,
  });

  const data = list.data;
  // The selection is what is ticked among the rows shown: a box ticked while a search loads stays
  // ticked when the results arrive with its row, and rows the new filters hide leave the selection.
  const selected = new Set((data?.items ?? []).filter((r) => ticked.has(r.id)).map((r) => r.id));

  const bulk = useMutation({
    mutationFn: (action: 'publish' | 'unpublish' | 'trash' | 'restore') =>
      fetchJson<{ count: number; refused: number[]; message: string }>(`/api/admin/${kind}/bulk`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action, ids: [...selected] }),
      }),
    onSuccess: (result) => {
      // A refusal is not a success: red when nothing changed, amber when only part did.
      if (result.count === 0 && result.refused.length) toast.error(result.message);
      else if (result.refused.length) toast.warning(result.message);
      else toast.success(result.message);
      setTicked(new Set());
      void queryClient.invalidateQueries({ queryKey: ['admin-list', kind] });
    },
    onError: (error) => toast.error(error.message),
  });

  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  // What the server would accept of this user (app/api/admin/[kind]/bulk): any row for a publisher, else the drafts of their areas.
  const selectable = (r: AdminItemRow) => canPublish || (r.status === 'draft' && draftAreas.includes(r.area));
  const selecting = canPublish || draftAreas.length > 0;
  const choosable = (data?.items ?? []).filter(selectable);
  const allOnPage = choosable.length ? choosable.every((r) => selected.has(r.id)) : false;
  const control = 'mt-1 rounded-md border border-border bg-bg px-3 py-2';

  return (
    <div className="mt-6">
      <div role="search" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-medium">
            Rechercher un titre
          </label>
          <input id={`${id}-q`} type="search" value={text} onChange={(e) => setText(e.target.value)} className={control} />
        </div>
        <div>
          <label htmlFor={`${id}-statut`} className="block text-sm font-medium">
            État
          </label>
          <select id={`${id}-statut`} value={filters.status} onChange={(e) => setFilters({ status: e.target.value })} className={control}>
            <option value="">Tous (hors corbeille)</option>
            <option value="draft">Brouillons</option>
            <option value="scheduled">Programmés</option>
            <option value="published">En ligne</option>
            <option value="trash">Corbeille</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-annee`} className="block text-sm font-medium">
            Année
          </label>
          <select id={`${id}-annee`} value={filters.year} onChange={(e) => setFilters({ year: e.target.value })} className={control}>
            <option value="">Toutes</option>
            {(data?.years ?? []).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-tri`} className="block text-sm font-medium">
            Trier par
          </label>
          <select id={`${id}-tri`} value={filters.sort} onChange={(e) => setFilters({ sort: e.target.value })} className={control}>
            <option value="updated">Dernière modification</option>
            <option value="published">Date de publication</option>
            <option value="title">Titre</option>
          </select>
        </div>
      </div>

      {selecting ? (
        <div className="mt-4 flex flex-wrap items-center gap-2" aria-label="Actions groupées">
          <span className="text-sm text-muted" aria-live="polite">
            {selected.size} sélectionné{selected.size > 1 ? 's' : ''}
          </span>
          {filters.status === 'trash' ? (
            <button
              type="button"
              disabled={!selected.size || bulk.isPending}
              onClick={() => bulk.mutate('restore')}
              className="rounded border border-border px-3 py-1 disabled:opacity-50"
            >
              Restaurer
            </button>
          ) : (
            <>
              {canPublish ? (
                <>
                  <button
                    type="button"
                    disabled={!selected.size || bulk.isPending}
                    onClick={() => bulk.mutate('publish')}
                    className="rounded border border-border px-3 py-1 disabled:opacity-50"
                  >
                    Mettre en ligne
                  </button>
                  <button
                    type="button"
                    disabled={!selected.size || bulk.isPending}
                    onClick={() => bulk.mutate('unpublish')}
                    className="rounded border border-border px-3 py-1 disabled:opacity-50"
                  >
                    Retirer du site
                  </button>
                </>
              ) : null}
              <button
                type="button"
                disabled={!selected.size || bulk.isPending}
                onClick={() => bulk.mutate('trash')}
                className="rounded border border-border px-3 py-1 disabled:opacity-50"
              >
                Mettre à la corbeille
              </button>
            </>
          )}
          {canPublish ? null : <span className="text-sm text-muted">Seuls les brouillons de vos rubriques peuvent être sélectionnés.</span>}
        </div>
      ) : null}

      {list.isError ? (
        <p role="alert" className="mt-4 text-down">
          {list.error.message}
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto" aria-busy={list.isFetching}>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Éléments de la rubrique</caption>
          <thead>
            <tr className="border-b border-border text-left">
              {selecting ? (
                <th scope="col" className="w-8 py-2">
                  <input
                    type="checkbox"
                    aria-label="Tout sélectionner sur cette page"
                    checked={allOnPage}
                    disabled={!canPublish && choosable.length === 0}
                    onChange={(e) => setTicked(e.target.checked ? new Set(choosable.map((r) => r.id)) : new Set())}
                  />
                </th>
              ) : null}
              <th scope="col" className="py-2 pr-4">
                Titre
              </th>
              {showArea ? (
                <th scope="col" className="py-2 pr-4">
                  Rubrique
                </th>
              ) : null}
              <th scope="col" className="py-2 pr-4">
                État
              </th>
              <th scope="col" className="py-2 pr-4">
                Publication
              </th>
              <th scope="col" className="py-2 pr-4">
                Modifiée
              </th>
              <th scope="col" className="py-2">
                Page publique
              </th>
            </tr>
          </thead>
          <tbody>
            {(data?.items ?? []).map((r) => (
              <tr key={r.id} className="border-b border-border">
                {selecting ? (
                  <td className="py-2">
                    {selectable(r) ? (
                      <input
                        type="checkbox"
                        aria-label={`Sélectionner « ${r.title} »`}
                        checked={selected.has(r.id)}
                        onChange={(e) =>
                          setTicked((s) => {
                            const next = new Set(s);
                            if (e.target.checked) next.add(r.id);
                            else next.delete(r.id);
                            return next;
                          })
                        }
                      />
                    ) : null}
                  </td>
                ) : null}
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  <Link href={editPath(getArea(r.area) ?? { adminPath: '/admin' }, r.id)}>{r.title}</Link>
                  {r.translated ? (
                    <span title="Traduit en anglais" className="ml-2 rounded border border-border px-1 text-xs font-normal text-muted">
                      <span aria-hidden="true">EN</span>
                      <span className="sr-only"> (traduit en anglais)</span>
                    </span>
                  ) : null}
                </th>
                {showArea ? <td className="py-2 pr-4">{r.areaLabel}</td> : null}
                <td className="py-2 pr-4">{r.trashed ? 'Corbeille' : statusLabels[r.status]}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{r.publishedAt ? formatDateTime(r.publishedAt) : '—'}</td>
                <td className="py-2 pr-4 whitespace-nowrap">
                  {formatDateTime(r.updatedAt)}
                  {r.updatedBy ? <span className="block text-xs text-muted">{r.updatedBy}</span> : null}
                </td>
                <td className="py-2">
                  {r.publicUrl && r.status === 'published' && !r.trashed ? (
                    <a href={r.publicUrl} aria-label={`Voir « ${r.title} » sur le site`}>
                      Voir
                    </a>
                  ) : (
                    <span className="text-muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.items.length === 0 ? <p className="mt-4 text-muted">Aucun élément ne correspond.</p> : null}
        {!data && list.isPending ? <p className="mt-4 text-muted">Chargement…</p> : null}
      </div>
      {data ? (
        <nav aria-label="Pages de la liste" className="mt-4 flex items-center gap-4 text-sm">
          <button
            type="button"
            disabled={filters.page <= 1}
            onClick={() => setFilters({ page: filters.page - 1 })}
            className="rounded border border-border px-3 py-1 disabled:opacity-50"
          >
            ← Précédente
          </button>
          <span>
            Page {filters.page} sur {pages} — {data.total.toLocaleString('fr-FR')} élément{data.total > 1 ? 's' : ''}
          </span>
          <button
            type="button"
            disabled={filters.page >= pages}
            onClick={() => setFilters({ page: filters.page + 1 })}
            className="rounded border border-border px-3 py-1 disabled:opacity-50"
          >
            Suivante →
          </button>
        </nav>
      ) : null}
    </div>
  );
}
