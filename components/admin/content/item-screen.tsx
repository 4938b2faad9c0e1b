/**
 * The edit screen of one item (or the form of a new one) for any area of the registry: loads the
 * item through its kind (lib/content/kinds) and hands the form its values. Server component.
 */
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { Area } from '@/lib/content/areas';
import { emptyValues } from '@/lib/content/editing/values';
import { kindOfArea } from '@/lib/content/kinds';
import { formFields } from '@/lib/content/kinds/forms';
import { loadForEdit } from '@/lib/content/mutations/items';
import { getDb } from '@/lib/db';
import { isDomainError } from '@/lib/errors';
import { ItemForm } from './item-form';

type Props = {
  /** The areas the admin screen manages (several for /admin/lois). */
  managed: Area[];
  listPath: string;
  listLabel: string;
  /** Item id, or null for the form of a new one in `newArea`. */
  id: number | null;
  newArea?: Area;
};

export async function ItemScreen({ managed, listPath, listLabel, id, newArea }: Props) {
  const siblings = managed.length > 1 ? managed.map((a) => ({ slug: a.slug, label: a.menuLabel })) : [];
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
        <ItemForm area={area.slug} siblings={siblings} initial={emptyValues(formFields(area))} meta={null} publicUrl={null} listPath={listPath} />
      </>
    );
  }
  const kind = kindOfArea(managed[0] as Area);
  const loaded = await loadForEdit(await getDb(), kind, id).catch((error: unknown) => {
    if (isDomainError(error) && error.status === 404) return null;
    throw error;
  });
  const area = loaded ? managed.find((a) => a.slug === loaded.area) : undefined;
  if (!loaded || !area) notFound();
  const title = typeof loaded.values.title === 'string' ? loaded.values.title : '';
  return (
    <>
      {back}
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="text-sm text-muted">
        {area.menuLabel}
        {loaded.meta.createdByName ? ` — créé par ${loaded.meta.createdByName}` : ''}
      </p>
      <ItemForm
        key={`${id}-${loaded.meta.version}`}
        area={area.slug}
        siblings={siblings}
        initial={loaded.values}
        meta={loaded.meta}
        publicUrl={kind.publicUrl({ id, slug: String(loaded.values.slug ?? ''), area: area.slug })}
        listPath={listPath}
      />
    </>
  );
}
