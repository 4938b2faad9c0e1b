import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ActionForm } from '@/components/admin/microdata/action-form';
import { DdiUpload } from '@/components/admin/microdata/ddi-upload';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getArea } from '@/lib/content/areas';
import { surveyDdiPath, surveyPath, surveySlugPattern } from '@/lib/content/addresses';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/i18n/format';
import { accessTierLabels, accessTiers } from '@/lib/microdata/model';
import { findSurvey } from '@/lib/microdata/queries';
import { publishSurveyAction, setFileAccessAction } from '../actions';

export const metadata = { title: 'Enquête — Administration' };

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ message?: string }> };

/** One survey: its state, its data files and their access tiers, and the import of a new version. */
export default async function SurveyAdminPage({ params, searchParams }: Props) {
  const actor = await adminActor();
  const { slug } = await params;
  if (!surveySlugPattern.test(slug)) notFound();
  const survey = await findSurvey(await getDb(), slug);
  if (!survey) notFound();
  const { message } = await searchParams;
  const mayPublish = can(actor, needs.publishSurvey([survey.area]));
  const mayImport = can(actor, needs.describeSurvey([survey.area]));
  const online = survey.status === 'published';
  const input = 'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2';
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/microdonnees">Microdonnées</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{survey.study.title || survey.slug}</h1>
      <p className="mt-2 text-muted">
        {getArea(survey.area)?.label ?? survey.area} · version {survey.version.number} du {formatDateTime(survey.version.createdAt, 'fr')} (
        {survey.version.source}) · {survey.variableCount} variables ·{' '}
        {online ? (
          <>
            en ligne depuis le {formatDateTime(survey.publishedAt!, 'fr')} : <Link href={surveyPath(survey.slug)}>page publique</Link>,{' '}
            <a href={surveyDdiPath(survey.slug, 'xml')}>DDI 2.5</a>, <a href={surveyDdiPath(survey.slug, 'json')}>JSON</a>
          </>
        ) : (
          'brouillon : rien n’est public'
        )}
      </p>
      {message ? (
        <p role="status" className="mt-4 rounded-md border border-border bg-surface-2 p-3">
          {message}
        </p>
      ) : null}
      {mayPublish ? (
        <div className="mt-4">
          <ActionForm action={publishSurveyAction} submit={online ? 'Retirer du site' : 'Mettre en ligne'} pendingLabel="Enregistrement…">
            <input type="hidden" name="slug" value={survey.slug} />
            <input type="hidden" name="online" value={online ? 'off' : 'on'} />
          </ActionForm>
        </div>
      ) : null}
      <section aria-labelledby="fichiers" className="mt-6">
        <h2 id="fichiers" className="text-xl font-semibold">
          Fichiers de données et niveaux d’accès
        </h2>
        <p className="max-w-3xl text-sm text-muted">
          Seuls les fichiers en accès libre se téléchargent pour l’instant ; les autres montrent leur niveau et leurs conditions.
        </p>
        <div className="mt-2 grid gap-4 lg:grid-cols-2">
          {survey.files.map((f) => (
            <fieldset key={f.id} className="rounded-md border border-border p-4">
              <legend className="px-1 font-semibold">
                {f.name} ({f.ddiId}) — {accessTierLabels[f.access].fr}
              </legend>
              {mayPublish ? (
                <ActionForm action={setFileAccessAction} submit="Enregistrer l’accès" pendingLabel="Enregistrement…">
                  <input type="hidden" name="slug" value={survey.slug} />
                  <input type="hidden" name="fileId" value={f.id} />
                  <div>
                    <label htmlFor={`access-${f.id}`} className="block font-medium">
                      Niveau d’accès
                    </label>
                    <select id={`access-${f.id}`} name="access" defaultValue={f.access} className={input}>
                      {accessTiers.map((t) => (
                        <option key={t} value={t}>
                          {accessTierLabels[t].fr}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor={`conditions-${f.id}`} className="block font-medium">
                      Conditions (français)
                    </label>
                    <textarea id={`conditions-${f.id}`} name="conditions" defaultValue={f.conditions} rows={3} className={input} />
                  </div>
                  <div>
                    <label htmlFor={`conditions-en-${f.id}`} className="block font-medium">
                      Conditions (anglais)
                    </label>
                    <textarea
                      id={`conditions-en-${f.id}`}
                      name="conditionsEn"
                      lang="en"
                      defaultValue={f.conditionsEn}
                      rows={3}
                      className={input}
                    />
                  </div>
                </ActionForm>
              ) : (
                <p className="text-sm">{f.conditions || 'Aucune condition saisie.'}</p>
              )}
            </fieldset>
          ))}
        </div>
      </section>
      {mayImport ? (
        <section aria-labelledby="reimporter" className="mt-8">
          <h2 id="reimporter" className="text-xl font-semibold">
            Importer une nouvelle version (DDI)
          </h2>
          <DdiUpload areas={[]} survey={{ slug: survey.slug, area: survey.area }} />
        </section>
      ) : null}
      {survey.version.report.length > 0 ? (
        <section aria-labelledby="rapport" className="mt-8 max-w-4xl">
          <h2 id="rapport" className="text-xl font-semibold">
            Rapport de l’import de la version {survey.version.number}
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {survey.version.report.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
