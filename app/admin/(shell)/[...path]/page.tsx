import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { AreaIntroSection } from '@/components/admin/content/area-intro-section';
import { ContentList } from '@/components/admin/content/content-list';
import { ItemScreen } from '@/components/admin/content/item-screen';
import { AreaSeriesSection } from '@/components/admin/series/area-series-section';
import { requireSession } from '@/lib/auth/guard';
import { adminMenu, areas, type Area } from '@/lib/content/areas';
import { isEditable, isKindName } from '@/lib/content/kinds/forms';
import { newPath, newSegment } from '@/lib/content/editing/paths';

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export function generateStaticParams() {
  return adminMenu()
    .filter((m) => m.path !== '/admin')
    .map((m) => ({ path: m.path.split('/').slice(2) }));
}

const managedBy = (path: string) => (areas as readonly Area[]).filter((a) => a.adminPath === path && isEditable(a));

/**
 * Every back-office screen of the registry: an area's list at its admin path, the form of a new
 * item at `{adminPath}/nouveau`, an item's edit screen at `{adminPath}/{id}`.
 */
export default async function AdminScreenPage({ params, searchParams }: Props) {
  await requireSession();
  const segments = (await params).path;
  const path = `/admin/${segments.join('/')}`;
  const entry = adminMenu().find((m) => m.path === path);
  if (entry) return <ListScreen path={path} label={entry.label} />;

  const last = segments.at(-1) ?? '';
  const parentPath = `/admin/${segments.slice(0, -1).join('/')}`;
  const parent = adminMenu().find((m) => m.path === parentPath);
  const managed = managedBy(parentPath);
  if (!parent || managed.length === 0) notFound();
  if (last === newSegment) {
    const wanted = (await searchParams).rubrique;
    const area = managed.find((a) => a.slug === wanted) ?? managed[0];
    return <ItemScreen managed={managed} listPath={parentPath} listLabel={parent.label} id={null} newArea={area} />;
  }
  if (!/^[1-9]\d{0,9}$/.test(last) || Number(last) > 2_147_483_647) notFound();
  return <ItemScreen managed={managed} listPath={parentPath} listLabel={parent.label} id={Number(last)} />;
}

function ListScreen({ path, label }: { path: string; label: string }) {
  const managed = managedBy(path);
  const kind = managed[0]?.kind;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{label}</h1>
        <div className="flex gap-2">
          {managed.map((a) => (
            <Link key={a.slug} href={newPath(a, managed.length > 1)} className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg no-underline hover:bg-primary-hover">
              {managed.length > 1 ? `Nouveau — ${a.menuLabel}` : 'Nouvel élément'}
            </Link>
          ))}
        </div>
      </div>
      {managed.map((a) => (
        <p key={a.slug} className="mt-2 text-muted">
          {a.description}
        </p>
      ))}
      {managed.map((a) => (
        <AreaIntroSection key={`intro-${a.slug}`} area={a} named={managed.length > 1} />
      ))}
      {managed.length > 0 ? (
        <Suspense fallback={null}>
          <AreaSeriesSection areas={managed.map((a) => a.slug)} />
        </Suspense>
      ) : null}
      {kind && isKindName(kind) ? (
        <Suspense fallback={<p className="mt-6 text-muted">Chargement de la liste…</p>}>
          <ContentList kind={kind} areas={managed.map((a) => a.slug)} showArea={managed.length > 1} />
        </Suspense>
      ) : null}
    </>
  );
}
