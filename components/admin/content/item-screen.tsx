/**
 * The edit screen of one item (or the form of a new one) for any area of the registry: loads the
 * item through its kind (lib/content/kinds) and hands the form its values, and what the user's
 * role and areas allow (lib/admin/access.ts, the rules the actions apply): a form they may not
 * send is shown read-only with the reason, and the life-cycle panel offers only their changes.
 * Server component.
 */
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { can, needs, type Actor } from '@/lib/admin/access';
import type { Area } from '@/lib/content/areas';
import { emptyValues } from '@/lib/content/editing/values';
import { formFields, kindOfArea } from '@/lib/content/kinds';
import { loadForEdit } from '@/lib/content/mutations/items';
import { getDb } from '@/lib/db';
import { isDomainError } from '@/lib/errors';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { ItemForm, type ItemActions } from './item-form';
import type { LifecycleAllowed } from './item-lifecycle';

type Props = {
  /** The item's server actions (the route hands them down). */
  actions: ItemActions;
  /** The areas the admin screen manages (several for /admin/lois). */
  managed: Area[];
  listPath: string;
  listLabel: string;
  /** Item id, or null for the form of a new one in `newArea`. */
  id: number | null;
  newArea?: Area;
  /** The page's user: what they may do here. */
  actor: Actor;
};

const stateWords = { scheduled: 'programmé', published: 'en ligne', archived: 'archivé' } as const;

/**
 * Why the user may read but not change this item (null when they may): its area is not theirs, or
 * it is no longer a draft and changing it changes the public site (a publisher's write).
 */
function readOnlyNote(actor: Actor, area: Area, status: keyof typeof stateWords | 'draft'): string | null {
  const refused = needs.change([area.slug], status).find((need) => !can(actor, need));
  if (!refused) return null;
  if (refused.to === 'edit') {
    return (
      `Vous pouvez lire cet élément : la rubrique « ${area.label} » ne fait pas partie de ` +
      'vos rubriques. Demandez à un administrateur de vous l’attribuer pour le modifier.'
    );
  }
  return (
    `Vous pouvez lire cet élément : il est ${stateWords[status as keyof typeof stateWords]}, ` +
    'et seul un Responsable de publication ou un Administrateur modifie ce que montre le site public.'
  );
}

export async function ItemScreen({ actions, managed, listPath, listLabel, id, newArea, actor }: Props) {
  // The areas of the screen the item may move to: those the user writes in (all of them for a publisher).
  const writable = managed.filter((a) => can(actor, needs.editDraft([a.slug])));
  const siblingsFor = (current: Area) =>
    managed.length > 1
      ? managed.filter((a) => a.slug === current.slug || writable.includes(a)).map((a) => ({ slug: a.slug, label: a.menuLabel }))
      : [];
  // The form's fields in each area of the screen (the item may move between them), as plain objects for the browser form.
  const fields = Object.fromEntries(managed.map((a) => [a.slug, formFields(a)]));
  const back = (
    <p className="text-sm">
      <Link href={listPath}>← {listLabel}</Link>
    </p>
  );
  if (id === null) {
    const area = newArea ?? (managed[0] as Area);
    return (
      <>
        {back}
        <h1 className="mt-2 text-2xl font-bold">Nouvel élément — {area.menuLabel}</h1>
        <ItemForm
          actions={actions}
          area={area.slug}
          siblings={siblingsFor(area)}
          fields={fields}
          initial={emptyValues(formFields(area))}
          meta={null}
          publicUrl={null}
          listPath={listPath}
        />
      </>
    );
  }
  const kind = kindOfArea(managed[0] as Area);
  const db = await getDb();
  const loaded = await loadForEdit(db, kind, id).catch((error: unknown) => {
    if (isDomainError(error) && error.status === 404) return null;
    throw error;
  });
  const area = loaded ? managed.find((a) => a.slug === loaded.area) : undefined;
  if (!loaded || !area) notFound();
  const title = typeof loaded.values.title === 'string' ? loaded.values.title : '';
  const readOnly = readOnlyNote(actor, area, loaded.meta.status);
  const allowed: LifecycleAllowed = {
    publish: can(actor, needs.publish([area.slug])),
    // Trash and restore follow the right to change the item (a draft of one's area, or a publisher).
    trash: readOnly === null,
    deleteForGood: can(actor, needs.deleteForGood),
    review: can(actor, needs.review([area.slug])),
    ownWork: loaded.meta.editedById === actor.id && !(await selfApprovalAllowed(db)),
  };
  return (
    <>
      {back}
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="text-sm text-muted">
        {area.menuLabel}
        {loaded.meta.createdByName ? ` — créé par ${loaded.meta.createdByName}` : ''}
      </p>
      <ItemForm
        actions={actions}
        key={`${id}-${loaded.meta.version}`}
        area={area.slug}
        siblings={siblingsFor(area)}
        fields={fields}
        initial={loaded.values}
        meta={loaded.meta}
        publicUrl={kind.publicUrl({ id, slug: String(loaded.values.slug ?? ''), area: area.slug })}
        listPath={listPath}
        readOnly={readOnly}
        allowed={allowed}
      />
    </>
  );
}
