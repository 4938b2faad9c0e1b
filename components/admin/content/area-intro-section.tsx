/**
 * The « Introduction de la rubrique » block of an area's admin screen: reads the introduction (not
 * cached: admin reads are fresh) and renders its form. Drop `<AreaIntroSection action={updateAreaIntroAction} area={area} />` on
 * any area screen; it brings its own Suspense boundary.
 */
import Link from 'next/link';
import { Suspense } from 'react';
import type { Area } from '@/lib/content/areas';
import { getPageForEdit } from '@/lib/content/mutations/institution';
import { introKey } from '@/lib/content/schemas/institution';
import { getDb } from '@/lib/db';
import { AreaIntroForm, type AreaIntroFormProps } from './area-intro-form';

/** Why a user who may not publish reads the introduction without its form. */
const readOnlyNote = 'Un responsable de publication modifie l’introduction : elle est publique dès l’enregistrement.';

async function AreaIntro({
  action,
  area,
  label,
  editable,
}: {
  action: AreaIntroFormProps['action'];
  area: Area;
  label: string;
  editable: boolean;
}) {
  const page = await getPageForEdit(await getDb(), introKey(area.slug));
  return (
    <AreaIntroForm
      action={action}
      area={area.slug}
      label={label}
      readOnly={editable ? null : readOnlyNote}
      body={page.body}
      enBody={page.en.body}
      version={page.version}
      updatedAt={page.updatedAt?.toISOString() ?? null}
      updatedByName={page.updatedByName}
    />
  );
}

/**
 * `action`: the page's save action. `named`: the screen manages several areas (lois and décrets
 * share /admin/lois), so the heading and the editor's label say which area's introduction this is.
 * `editable`: the user may change it (a publisher's write: it is public at once); otherwise it is
 * shown read-only.
 */
export function AreaIntroSection({
  action,
  area,
  named = false,
  editable,
}: {
  action: AreaIntroFormProps['action'];
  area: Area;
  named?: boolean;
  editable: boolean;
}) {
  if (area.kind === 'pages') return null;
  const headingId = `introduction-${area.slug}`;
  const label = named ? `Introduction de la rubrique « ${area.menuLabel} »` : 'Introduction de la rubrique';
  return (
    <section aria-labelledby={headingId} className="mt-6 max-w-3xl rounded-lg border border-border p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {label}
        </h2>
        {/* Not prefetched: a prefetch rendering the page during a save could cache the old introduction. */}
        {area.publicPath ? (
          <Link href={area.publicPath} prefetch={false} className="text-sm">
            Voir la page publique<span className="sr-only"> « {area.label} »</span>
          </Link>
        ) : null}
      </div>
      <Suspense fallback={<p className="mt-2 text-sm text-muted">Chargement de l’introduction…</p>}>
        <AreaIntro action={action} area={area} label={label} editable={editable} />
      </Suspense>
    </section>
  );
}
