import Link from 'next/link';
import { DdiUpload } from '@/components/admin/microdata/ddi-upload';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { areas, getArea } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/i18n/format';
import { accessTierShort, studyYear } from '@/lib/microdata/model';
import { listAllSurveys } from '@/lib/microdata/queries';

export const metadata = { title: 'Microdonnées — Administration' };

type Props = { searchParams: Promise<{ message?: string }> };

/** The surveys of the microdata catalogue, and the import of a DDI file as a new survey. */
export default async function MicrodataAdminPage({ searchParams }: Props) {
  const actor = await adminActor();
  const db = await getDb();
  const surveys = await listAllSurveys(db);
  const { message } = await searchParams;
  const importable = areas
    .filter((a) => a.kind === 'publications' && can(actor, needs.describeSurvey([a.slug])))
    .map((a) => ({ slug: a.slug, label: a.label }));
  return (
    <>
      <h1 className="text-2xl font-bold">Microdonnées : enquêtes et recensements</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Chaque enquête est décrite par un fichier DDI Codebook importé ici ; chaque import en fait une nouvelle version, sans jamais perdre
        ses fichiers de données ni leur niveau d’accès. Une enquête n’est publique qu’une fois mise en ligne.
      </p>
      {message ? (
        <p role="status" className="mt-4 rounded-md border border-border bg-surface-2 p-3">
          {message}
        </p>
      ) : null}
      <section aria-labelledby="enquetes" className="mt-6">
        <h2 id="enquetes" className="text-xl font-semibold">
          Enquêtes
        </h2>
        {surveys.length === 0 ? (
          <p className="mt-2">Aucune enquête pour l’instant.</p>
        ) : (
          <table className="mt-2 text-sm">
            <thead>
              <tr>
                {['Enquête', 'Rubrique', 'Année', 'Version', 'Variables', 'Fichiers', 'État'].map((h) => (
                  <th key={h} scope="col" className="border-b border-border px-2 py-1 text-left">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {surveys.map((s) => (
                <tr key={s.slug}>
                  <th scope="row" className="border-b border-border px-2 py-1 text-left font-normal">
                    <Link href={`/admin/microdonnees/${s.slug}`}>{s.study.title || s.slug}</Link>
                  </th>
                  <td className="border-b border-border px-2 py-1">{getArea(s.area)?.menuLabel ?? s.area}</td>
                  <td className="border-b border-border px-2 py-1">{studyYear(s.study) ?? '—'}</td>
                  <td className="border-b border-border px-2 py-1">
                    {s.version.number}, du {formatDateTime(s.version.createdAt, 'fr')}
                  </td>
                  <td className="border-b border-border px-2 py-1">{s.variableCount}</td>
                  <td className="border-b border-border px-2 py-1">
                    {s.files.map((f) => `${f.name} (${accessTierShort[f.access].fr})`).join(', ')}
                  </td>
                  <td className="border-b border-border px-2 py-1">
                    {s.status === 'published' ? `En ligne depuis le ${formatDateTime(s.publishedAt!, 'fr')}` : 'Brouillon'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="importer" className="mt-8">
        <h2 id="importer" className="text-xl font-semibold">
          Importer une nouvelle enquête (DDI)
        </h2>
        {importable.length === 0 ? (
          <p className="mt-2">Aucune rubrique ne vous est attribuée : demandez à un administrateur de vous en attribuer une.</p>
        ) : (
          <DdiUpload areas={importable} />
        )}
      </section>
    </>
  );
}
