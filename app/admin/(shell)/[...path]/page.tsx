import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { PublicationList } from '@/components/admin/content/publication-list';
import { requireSession } from '@/lib/auth/guard';
import { adminMenu, areas } from '@/lib/content/areas';

type Props = { params: Promise<{ path: string[] }> };

export function generateStaticParams() {
  return adminMenu()
    .filter((m) => m.path !== '/admin')
    .map((m) => ({ path: m.path.split('/').slice(2) }));
}

/** Every back-office screen of the registry; each area's management views plug in here. */
export default async function AdminScreenPage({ params }: Props) {
  await requireSession();
  const path = `/admin/${(await params).path.join('/')}`;
  const entry = adminMenu().find((m) => m.path === path);
  if (!entry) notFound();
  const managed = areas.filter((a) => a.adminPath === path);
  const publicationAreas = managed.filter((a) => a.kind === 'publications');
  return (
    <>
      <h1 className="text-2xl font-bold">{entry.label}</h1>
      {managed.map((a) => (
        <p key={a.slug} className="mt-2 text-muted">
          {a.description}
        </p>
      ))}
      {publicationAreas.length > 0 ? (
        <Suspense fallback={<p className="mt-6 text-muted">Chargement de la liste…</p>}>
          <PublicationList areas={publicationAreas.map((a) => a.slug)} showArea={publicationAreas.length > 1} />
        </Suspense>
      ) : null}
    </>
  );
}
