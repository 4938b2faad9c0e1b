import Link from 'next/link';
import { notFound } from 'next/navigation';
import { TableForm } from '@/components/admin/tables/table-form';
import { TableImportUpload } from '@/components/admin/tables/table-import-upload';
import { CancelVersion, VersionReview } from '@/components/admin/versions/version-review';
import { can, needs, refusal } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { publicPublicationAreas } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { reviewLabels } from '@/lib/review/model';
import { changeKindLabel } from '@/lib/versions/model';
import { findTable, tableVersionsOf, versionAt } from '@/lib/tables/queries';
import { seriesFollowing } from '@/lib/tables/slices';
import { reviewTableVersionAction, saveTableAction } from '../actions';
import { currentTime } from '@/lib/clock';

export const metadata = { title: 'Tableau — Administration' };

type Props = { params: Promise<{ code: string }>; searchParams: Promise<{ publie?: string }> };

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

export default async function TableAdminPage({ params, searchParams }: Props) {
  const actor = await adminActor();
  const db = await getDb();
  const { code } = await params;
  const { publie } = await searchParams;
  const row = await findTable(db, code);
  if (!row) notFound();
  const [versions, current, followers] = await Promise.all([
    tableVersionsOf(db, row.id, { scheduled: true }),
    versionAt(db, row.id),
    seriesFollowing(db, row.id),
  ]);
  const isPublic = current !== null;
  const describeRefusal =
    needs
      .describeTable([row.area], isPublic)
      .map((n) => refusal(actor, n))
      .find(Boolean) ?? null;
  const mayImport = can(actor, needs.prepareTable([row.area]));
  const mayReview = can(actor, needs.review([row.area]));
  const now = currentTime();
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/tableaux">Tableaux de données</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{row.title}</h1>
      <p className="mt-1 font-mono text-sm text-muted">{row.code}</p>
      {publie ? (
        <p role="status" className="mt-4 rounded-md border border-border bg-primary-soft px-4 py-3">
          {publie.slice(0, 300)}
        </p>
      ) : null}

      <section aria-labelledby="versions" className="mt-8">
        <h2 id="versions" className="text-xl font-bold">
          Versions
        </h2>
        {versions.length === 0 ? (
          <p className="mt-2">Aucune version : importez un fichier pour créer la première. Rien du tableau n’est public d’ici là.</p>
        ) : (
          <ol className="mt-3 space-y-4">
            {versions.map((v) => {
              const live = current?.id === v.id;
              const pending = v.review !== 'approved' || v.publishedAt > now;
              return (
                <li key={v.id} className="rounded-md border border-border p-4">
                  <p className="font-semibold">
                    Version {v.number} — {changeKindLabel[v.kind === 'correction' ? 'correction' : 'revision']}
                    {live ? ' — en ligne' : ''}
                  </p>
                  <p className="text-sm">
                    {v.review === 'approved'
                      ? `${v.publishedAt > now ? 'Programmée le' : 'Publiée le'} ${dateTime.format(v.publishedAt)} UTC`
                      : reviewLabels[v.review === 'submitted' ? 'submitted' : 'none']}
                    {v.releaseId ? ' · avec une parution du calendrier' : ''} · {v.cellCount.toLocaleString('fr-FR')} cellules ·{' '}
                    {v.structure.dimensions.map((d) => `${d.label.fr} (${d.values.length})`).join(' × ')}
                    {v.sourceFile ? ` · fichier « ${v.sourceFile} »` : ''}
                  </p>
                  {v.reason ? <p className="text-sm">Raison : {v.reason}</p> : null}
                  {v.reviewNote && v.review === 'none' ? (
                    <p className="mt-1 text-sm text-down">Renvoyée à son rédacteur : {v.reviewNote}</p>
                  ) : null}
                  {pending && mayReview && v.review === 'submitted' ? (
                    <VersionReview
                      code={row.code}
                      number={v.number}
                      approve={reviewTableVersionAction}
                      sendBack={reviewTableVersionAction}
                    />
                  ) : null}
                  {pending && (v.review === 'approved' ? can(actor, needs.publish([row.area])) : mayImport) ? (
                    <CancelVersion code={row.code} number={v.number} cancel={reviewTableVersionAction} waiting={v.review !== 'approved'} />
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      {followers.length > 0 ? (
        <section aria-labelledby="tranches" className="mt-8">
          <h2 id="tranches" className="text-xl font-bold">
            Séries qui suivent ce tableau
          </h2>
          <p className="mt-2 max-w-3xl text-sm">
            Chaque version de ce tableau publie en même temps une version de ces séries (même heure, même raison, même relecture) ; une
            version dont la structure n’a plus leurs codes est refusée.
          </p>
          <ul className="mt-2 list-disc pl-6">
            {followers.map((f) => (
              <li key={f.code}>
                <Link href={`/admin/series/${f.code}`}>
                  {f.label} ({f.code})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {mayImport ? (
        <section aria-labelledby="importer" className="mt-8">
          <h2 id="importer" className="text-xl font-bold">
            Importer une nouvelle version
          </h2>
          <TableImportUpload code={row.code} />
        </section>
      ) : null}

      <section aria-labelledby="description" className="mt-8">
        <h2 id="description" className="text-xl font-bold">
          Description
        </h2>
        <TableForm
          action={saveTableAction}
          areas={publicPublicationAreas().map((a) => ({ slug: a.slug, label: a.menuLabel }))}
          initial={{
            code: row.code,
            area: row.area,
            title: row.title,
            description: row.description,
            source: row.source,
            method: row.method,
            notes: row.notes,
          }}
          english={row.translations.en}
          version={row.version}
          readOnly={describeRefusal}
        />
      </section>
    </>
  );
}
