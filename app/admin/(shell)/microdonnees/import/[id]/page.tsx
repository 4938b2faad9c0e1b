import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ActionForm } from '@/components/admin/microdata/action-form';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getArea } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { findSurveyImport, suggestedSlug } from '@/lib/microdata/imports';
import { dataKindLabels, dataKinds } from '@/lib/microdata/model';
import { findSurveyById } from '@/lib/microdata/queries';
import { cancelSurveyImportAction, confirmSurveyImportAction } from '../../actions';

export const metadata = { title: 'Aperçu de l’import DDI — Administration' };

type Props = { params: Promise<{ id: string }> };

const PREVIEW_VARIABLES = 200;

/** What a DDI file holds and the report of its reading, before anything is written; confirm or cancel. */
export default async function SurveyImportPreviewPage({ params }: Props) {
  const actor = await adminActor();
  const db = await getDb();
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/.test(id)) notFound();
  const pending = await findSurveyImport(db, id);
  if (!pending) notFound();
  const survey = pending.surveyId !== null ? await findSurveyById(db, pending.surveyId) : null;
  const area = survey?.area ?? pending.area;
  const may = can(actor, needs.describeSurvey([area]));
  const { codebook, report, version, fileName } = pending.parsed;
  const { study, variables } = codebook;
  const input = 'mt-1 block rounded-md border border-border bg-bg px-3 py-2';
  return (
    <>
      <p className="text-sm">
        <Link href={survey ? `/admin/microdonnees/${survey.slug}` : '/admin/microdonnees'}>
          {survey ? `Enquête ${survey.slug}` : 'Microdonnées'}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Aperçu de l’import DDI</h1>
      <p className="mt-2 text-muted">
        Fichier « {fileName} » (DDI Codebook {version}), rubrique {getArea(area)?.label ?? area}.{' '}
        {survey ? `Il deviendra la version ${survey.version.number + 1} de l’enquête.` : 'Il deviendra une nouvelle enquête.'} Rien n’est
        encore enregistré.
      </p>
      <section aria-labelledby="rapport" className="mt-6 max-w-4xl">
        <h2 id="rapport" className="text-xl font-semibold">
          Rapport de lecture
        </h2>
        <h3 className="mt-3 font-semibold">Lu</h3>
        <ul className="list-disc pl-6">
          {report.read.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3 className="mt-3 font-semibold">Non repris</h3>
        {report.leftOut.length === 0 ? (
          <p>Rien : tout ce que le fichier décrit est repris.</p>
        ) : (
          <ul className="list-disc pl-6">
            {report.leftOut.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="etude" className="mt-6 max-w-4xl">
        <h2 id="etude" className="text-xl font-semibold">
          Étude
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {(
            [
              ['Titre', study.title],
              ['Identifiant', study.idno],
              ['Producteurs', study.producers.map((p) => p.name).join(' ; ')],
              ['Pays', study.nations.join(', ')],
              ['Période', [study.timePeriods.start, study.timePeriods.end].filter(Boolean).join(' – ')],
              ['Collecte', [study.collectionDates.start, study.collectionDates.end].filter(Boolean).join(' – ')],
              ['Univers', study.universe],
              ['Échantillonnage', study.sampling],
            ] as [string, string][]
          )
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-semibold">{k}</dt>
                <dd className="line-clamp-3">{v}</dd>
              </div>
            ))}
        </dl>
        <h3 className="mt-4 font-semibold">Fichiers de données</h3>
        <ul className="list-disc pl-6">
          {study.files.map((f) => (
            <li key={f.id}>
              {f.name} ({f.id}){f.records !== null ? `, ${f.records.toLocaleString('fr-FR')} observations` : ''}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="variables" className="mt-6">
        <h2 id="variables" className="text-xl font-semibold">
          Variables ({variables.length.toLocaleString('fr-FR')})
        </h2>
        <table className="mt-2 text-sm">
          <thead>
            <tr>
              {['Nom', 'Libellé', 'Question', 'Fichier', 'Modalités'].map((h) => (
                <th key={h} scope="col" className="border-b border-border px-2 py-1 text-left">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {variables.slice(0, PREVIEW_VARIABLES).map((v) => (
              <tr key={v.name}>
                <th scope="row" className="border-b border-border px-2 py-1 text-left font-mono font-normal">
                  {v.name}
                </th>
                <td className="border-b border-border px-2 py-1">{v.label}</td>
                <td className="border-b border-border px-2 py-1">{v.question}</td>
                <td className="border-b border-border px-2 py-1">{v.fileId}</td>
                <td className="border-b border-border px-2 py-1">{v.categories.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {variables.length > PREVIEW_VARIABLES ? (
          <p className="mt-2 text-sm text-muted">Les {PREVIEW_VARIABLES} premières sont montrées.</p>
        ) : null}
      </section>
      {may ? (
        <div className="mt-8 flex flex-wrap gap-8">
          <ActionForm action={confirmSurveyImportAction} submit="Enregistrer cette version" pendingLabel="Enregistrement…">
            <input type="hidden" name="id" value={id} />
            {survey ? null : (
              <>
                <div>
                  <label htmlFor="slug" className="block font-medium">
                    Adresse de l’enquête (/microdonnees/…)
                  </label>
                  <input id="slug" name="slug" defaultValue={suggestedSlug(codebook)} maxLength={80} className={input} />
                </div>
                <div>
                  <label htmlFor="dataKind" className="block font-medium">
                    Type de données
                  </label>
                  <select id="dataKind" name="dataKind" defaultValue="enquete" className={input}>
                    {dataKinds.map((k) => (
                      <option key={k} value={k}>
                        {dataKindLabels[k].fr}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            )}
          </ActionForm>
          <ActionForm action={cancelSurveyImportAction} submit="Annuler l’import" pendingLabel="Annulation…">
            <input type="hidden" name="id" value={id} />
          </ActionForm>
        </div>
      ) : (
        <p className="mt-8">Votre rôle ne permet pas d’importer la description d’une enquête de cette rubrique.</p>
      )}
    </>
  );
}
