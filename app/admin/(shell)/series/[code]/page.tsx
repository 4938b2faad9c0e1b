import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AccessNote } from '@/components/admin/read-only';
import { CancelVersionButton } from '@/components/admin/series/cancel-version-button';
import { SeriesForm } from '@/components/admin/series/series-form';
import { ValuesGrid } from '@/components/admin/series/values-grid';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getArea, publicPublicationAreas } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/format';
import { gridPeriods } from '@/lib/series/admin';
import { env } from '@/lib/env';
import { releaseChoices } from '@/lib/releases/links';
import { zoneName } from '@/lib/releases/model';
import { changeKindLabel, periodLabel } from '@/lib/series/model';
import { findSeries, metaOf, scheduledVersion, valuesAt, versionsOf } from '@/lib/series/queries';
import { seriesPath } from '@/lib/series/urls';
import { publishValuesAction, updateSeriesAction } from '../actions';

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props) {
  return { title: `Série ${(await params).code.slice(0, 40)} — Administration` };
}

export default async function SeriesEditPage({ params }: Props) {
  const actor = await adminActor();
  const { code } = await params;
  if (!/^[A-Z][A-Z0-9_]{1,39}$/.test(code)) notFound();
  const db = await getDb();
  const row = await findSeries(db, code);
  if (!row) notFound();
  const [values, versions, pending] = await Promise.all([
    valuesAt(db, [row.id], { scheduled: true }).then((m) => m.get(row.id) ?? []),
    versionsOf(db, row.id, { scheduled: true }),
    scheduledVersion(db, row.id),
  ]);
  const byPeriod = new Map(values.map((v) => [v.period, v]));
  const periods = gridPeriods(values, row.frequency).reverse();
  const publicPath = seriesPath(row);
  // A series' description and values are public once saved (or at their minute): publishers of its area (series/actions.ts).
  const mayPublish = can(actor, needs.publish([row.area]));
  const canImport = can(actor, needs.upload);
  const areaName = getArea(row.area)?.menuLabel ?? row.area;
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/series">Séries statistiques</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {row.label} <span className="font-mono text-lg text-muted">({row.code})</span>
      </h1>
      {publicPath && versions.length > 0 ? (
        <p className="mt-2">
          <Link href={publicPath}>Voir la page publique</Link>
        </p>
      ) : null}

      {pending ? (
        <section aria-labelledby="programmee" className="mt-6 rounded-md border border-border bg-primary-soft p-4">
          <h2 id="programmee" className="font-semibold">
            Version {pending.number} programmée le {formatDateTime(pending.publishedAt)} UTC
          </h2>
          <p className="mt-1 text-sm">Ses valeurs ne sont visibles nulle part avant cette heure. Une seule version peut être programmée à la fois.</p>
          {mayPublish ? <CancelVersionButton code={row.code} number={pending.number} /> : null}
        </section>
      ) : null}

      <section aria-labelledby="valeurs" className="mt-8">
        <h2 id="valeurs" className="text-xl font-bold">
          Saisir des valeurs
        </h2>
        {!mayPublish ? (
          <AccessNote className="mt-2 max-w-3xl">Un responsable de publication saisit et publie les valeurs de cette série (rubrique « {areaName} »).</AccessNote>
        ) : pending ? (
          <p className="mt-2 text-muted">Attendez la mise en ligne de la version programmée, ou annulez-la, pour publier d’autres valeurs.</p>
        ) : (
          <ValuesGrid
            action={publishValuesAction}
            code={row.code}
            decimals={row.decimals}
            rows={periods.map((p) => ({ period: p, label: periodLabel(p, row.frequency), current: byPeriod.get(p) ?? null }))}
            zone={zoneName(env.TIME_ZONE)}
            releases={await releaseChoices(db, env.TIME_ZONE)}
          />
        )}
        {canImport ? (
          <p className="mt-3 text-sm">
            Pour de nombreuses valeurs ou plusieurs séries : <Link href="/admin/series/import">importer un fichier CSV ou XLSX</Link>
            {mayPublish ? '' : ' (vous en préparez l’aperçu ; un responsable de publication le publie)'}.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="versions" className="mt-10">
        <h2 id="versions" className="text-xl font-bold">
          Versions
        </h2>
        {versions.length === 0 ? (
          <p className="mt-2 text-muted">Aucune valeur publiée.</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {versions.map((v) => (
              <li key={v.number}>
                <strong>Version {v.number}</strong> — {formatDateTime(v.publishedAt)} UTC, {changeKindLabel[v.kind]}
                {v.reason ? ` : ${v.reason}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="description" className="mt-10">
        <h2 id="description" className="text-xl font-bold">
          Description
        </h2>
        <SeriesForm
          action={updateSeriesAction}
          areas={publicPublicationAreas().map((a) => ({ slug: a.slug, label: a.menuLabel }))}
          initial={metaOf(row)}
          english={row.translations.en}
          version={row.version}
          hasValues={values.length > 0}
          readOnly={mayPublish ? null : 'Vous pouvez lire la description : un responsable de publication la modifie (elle est publique dès l’enregistrement).'}
        />
      </section>
    </>
  );
}
