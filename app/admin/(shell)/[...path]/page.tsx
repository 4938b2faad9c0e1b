import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { AreaIntroSection } from '@/components/admin/content/area-intro-section';
import { ContentList } from '@/components/admin/content/content-list';
import { ItemScreen } from '@/components/admin/content/item-screen';
import { Refused } from '@/components/admin/refused';
import { AccessNote } from '@/components/admin/read-only';
import { AreaSeriesSection } from '@/components/admin/series/area-series-section';
import { can, needs, refusal, type Actor } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { adminMenu, areas, type Area } from '@/lib/content/areas';
import { isEditable, isKindName } from '@/lib/content/kinds';
import { newPath, newSegment } from '@/lib/content/editing/paths';
import { changeItemAction, saveItemAction } from '../content-actions';
import { updateAreaIntroAction } from '../intro-actions';

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export function generateStaticParams() {
  return adminMenu()
    .filter((m) => m.path !== '/admin')
    .map((m) => ({ path: m.path.split('/').slice(2) }));
}

/** An item's server actions, handed to its screen (components never import from `app/`). */
const itemActions = { save: saveItemAction, change: changeItemAction };

const managedBy = (path: string) => (areas as readonly Area[]).filter((a) => a.adminPath === path && isEditable(a));

/**
 * Every back-office screen of the registry: an area's list at its admin path, the form of a new
 * item at `{adminPath}/nouveau`, an item's edit screen at `{adminPath}/{id}`.
 */
export default async function AdminScreenPage({ params, searchParams }: Props) {
  const actor = await adminActor();
  const segments = (await params).path;
  const path = `/admin/${segments.join('/')}`;
  const entry = adminMenu().find((m) => m.path === path);
  if (entry) return <ListScreen path={path} label={entry.label} actor={actor} />;

  const last = segments.at(-1) ?? '';
  const parentPath = `/admin/${segments.slice(0, -1).join('/')}`;
  const parent = adminMenu().find((m) => m.path === parentPath);
  const managed = managedBy(parentPath);
  if (!parent || managed.length === 0) notFound();
  if (last === newSegment) {
    const wanted = (await searchParams).rubrique;
    // The area asked for, else the first of the screen the user may write in.
    const area = managed.find((a) => a.slug === wanted) ?? managed.find((a) => can(actor, needs.create(a.slug))) ?? (managed[0] as Area);
    const reason = refusal(actor, needs.create(area.slug));
    if (reason) return <Refused reason={reason} />;
    return (
      <ItemScreen
        actions={itemActions}
        managed={managed}
        listPath={parentPath}
        listLabel={parent.label}
        id={null}
        newArea={area}
        actor={actor}
      />
    );
  }
  if (!/^[1-9]\d{0,9}$/.test(last) || Number(last) > 2_147_483_647) notFound();
  return (
    <ItemScreen actions={itemActions} managed={managed} listPath={parentPath} listLabel={parent.label} id={Number(last)} actor={actor} />
  );
}

/** What a user who may not publish reads on a list screen: where they write, or that they only read here. */
function writerNote(managed: Area[], writable: Area[]): string {
  if (writable.length === 0) {
    return managed.length > 1
      ? 'Vous pouvez lire ces rubriques : elles ne font pas partie de vos rubriques. ' +
          'Demandez à un administrateur de vous les attribuer pour y écrire.'
      : 'Vous pouvez lire cette rubrique : elle ne fait pas partie de vos rubriques. ' +
          'Demandez à un administrateur de vous l’attribuer pour y écrire.';
  }
  const where =
    writable.length === managed.length
      ? managed.length > 1
        ? 'dans ces rubriques'
        : 'dans cette rubrique'
      : `dans ${writable.map((a) => `« ${a.menuLabel} »`).join(', ')}`;
  return `Vous écrivez des brouillons ${where} et pouvez les mettre à la corbeille ; un responsable de publication les met en ligne.`;
}

function ListScreen({ path, label, actor }: { path: string; label: string; actor: Actor }) {
  const managed = managedBy(path);
  const kind = managed[0]?.kind;
  const slugs = managed.map((a) => a.slug);
  const writable = managed.filter((a) => can(actor, needs.create(a.slug)));
  const canPublish = can(actor, needs.publish(slugs));
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{label}</h1>
        <div className="flex gap-2">
          {writable.map((a) => (
            <Link
              key={a.slug}
              href={newPath(a, managed.length > 1)}
              className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg no-underline hover:bg-primary-hover"
            >
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
      {!canPublish && managed.length > 0 ? <AccessNote className="mt-4 max-w-3xl">{writerNote(managed, writable)}</AccessNote> : null}
      {/* What an editor comes for first: the items; the area's series, then its introduction, after them. */}
      {kind && isKindName(kind) ? (
        <Suspense fallback={<p className="mt-6 text-muted">Chargement de la liste…</p>}>
          <ContentList
            kind={kind}
            areas={slugs}
            showArea={managed.length > 1}
            canPublish={canPublish}
            draftAreas={writable.map((a) => a.slug)}
          />
        </Suspense>
      ) : null}
      {managed.length > 0 ? (
        <Suspense fallback={null}>
          <AreaSeriesSection areas={slugs} canImport={can(actor, needs.upload)} />
        </Suspense>
      ) : null}
      {managed.map((a) => (
        <AreaIntroSection
          key={`intro-${a.slug}`}
          action={updateAreaIntroAction}
          area={a}
          named={managed.length > 1}
          editable={can(actor, needs.publish([a.slug]))}
        />
      ))}
    </>
  );
}
