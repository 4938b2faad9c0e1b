import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AccessNote } from '@/components/admin/read-only';
import { SeriesForm } from '@/components/admin/series/series-form';
import { ValuesGrid } from '@/components/admin/series/values-grid';
import { CancelVersion, VersionReview } from '@/components/admin/versions/version-review';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getArea, publicPublicationAreas } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/i18n/format';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { adminVersions, gridPeriods, type AdminVersion } from '@/lib/series/admin';
import { versionReviewLabels, versionReviewNote } from '@/lib/versions/model';
import { env } from '@/lib/env';
import { releaseChoices } from '@/lib/releases/links';
import { zoneName } from '@/lib/releases/model';
import { periodLabel } from '@/lib/series/model';
import { findSeries, metaOf, pendingVersion, valuesAt } from '@/lib/series/queries';
import { seriesPath } from '@/lib/content/addresses';
import { approveVersionAction, cancelVersionAction, publishValuesAction, returnVersionAction, updateSeriesAction } from '../actions';

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
  const [values, versions, pending, selfApproval] = await Promise.all([
    valuesAt(db, [row.id], { scheduled: true }).then((m) => m.get(row.id) ?? []),
    adminVersions(db, row.id),
    pendingVersion(db, row.id),
    selfApprovalAllowed(db),
  ]);
  const byPeriod = new Map(values.map((v) => [v.period, v]));
  const periods = gridPeriods(values, row.frequency).reverse();
  const publicPath = seriesPath(row);
  // As series/actions.ts decides: a series' description is public once saved (its area's publishers);
  // its values are prepared by its area's writers and public once a second person approved them.
  const mayPublish = can(actor, needs.publish([row.area]));
  const mayPrepare = can(actor, needs.prepareValues([row.area]));
  const approver = can(actor, needs.review([row.area]));
  const canImport = can(actor, needs.upload);
  const areaName = getArea(row.area)?.menuLabel ?? row.area;
  const pendingRow = pending ? versions.find((v) => v.number === pending.number) : undefined;
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/series">Séries statistiques</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {row.label} <span className="font-mono text-lg text-muted">({row.code})</span>
      </h1>
      {publicPath && versions.some((v) => v.public) ? (
        <p className="mt-2">
          <Link href={publicPath}>Voir la page publique</Link>
        </p>
      ) : null}

      {pendingRow ? (
        <PendingVersion
          code={row.code}
          version={pendingRow}
          actorId={actor.id}
          mayReview={approver && (pendingRow.createdBy !== actor.id || selfApproval)}
          mayCancel={pendingRow.review === 'approved' ? mayPublish : mayPrepare}
        />
      ) : null}

      <section aria-labelledby="valeurs" className="mt-8">
        <h2 id="valeurs" className="text-xl font-bold">
          Saisir des valeurs
        </h2>
        {!mayPrepare ? (
          <AccessNote className="mt-2 max-w-3xl">
            Les rédacteurs de la rubrique « {areaName} » préparent les valeurs de cette série ; un responsable de publication les approuve.
          </AccessNote>
        ) : pending ? (
          <p className="mt-2 text-muted">
            {pending.review === 'approved'
              ? 'Attendez la mise en ligne de la version programmée, ou annulez-la, pour publier d’autres valeurs.'
              : 'Une version attend sa relecture : faites-la approuver, ou annulez-la, pour préparer d’autres valeurs.'}
          </p>
        ) : (
          <ValuesGrid
            action={publishValuesAction}
            code={row.code}
            decimals={row.decimals}
            rows={periods.map((p) => ({ period: p, label: periodLabel(p, row.frequency), current: byPeriod.get(p) ?? null }))}
            zone={zoneName(env.TIME_ZONE)}
            releases={await releaseChoices(db, env.TIME_ZONE)}
            reviewNote={versionReviewNote({ approver, selfApproval })}
          />
        )}
        {canImport ? (
          <p className="mt-3 text-sm">
            Pour de nombreuses valeurs ou plusieurs séries : <Link href="/admin/series/import">importer un fichier CSV ou XLSX</Link>
            {mayPrepare ? '' : ' (vous en préparez l’aperçu ; un rédacteur de la rubrique ou un responsable de publication l’enregistre)'}.
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
                <strong>Version {v.number}</strong> — {formatDateTime(v.publishedAt)} UTC, {v.kindLabel}
                {v.reason ? ` : ${v.reason}` : ''}
                {v.createdByName ? `, écrite par ${v.createdByName}` : ''}. <ReviewBadge version={v} />
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
          readOnly={
            mayPublish
              ? null
              : 'Vous pouvez lire la description : un responsable de publication la modifie (elle est publique dès l’enregistrement).'
          }
        />
      </section>
    </>
  );
}

/** A version's review, as the list shows it: « Soumise pour relecture », « Approuvée », « Renvoyée : raison ». */
function ReviewBadge({ version }: { version: AdminVersion }) {
  const text =
    version.review === 'none' ? `Renvoyée : ${version.reviewNote ?? 'sans raison indiquée'}` : versionReviewLabels[version.review];
  const tone = version.review === 'approved' ? 'border-border' : 'border-down';
  return (
    <span className={`ml-1 inline-block rounded-sm border px-1.5 text-xs ${tone}`}>
      {text}
      {version.review === 'approved' && !version.public ? ' (programmée)' : ''}
    </span>
  );
}

/** The version not yet public: scheduled, waiting for review, or sent back, and what this user may do with it. */
function PendingVersion({
  code,
  version,
  actorId,
  mayReview,
  mayCancel,
}: {
  code: string;
  version: AdminVersion;
  actorId: string;
  mayReview: boolean;
  mayCancel: boolean;
}) {
  const when = `${formatDateTime(version.publishedAt)} UTC`;
  const writer = version.createdBy === actorId ? 'vous' : (version.createdByName ?? 'un compte supprimé');
  return (
    <section aria-labelledby="en-attente" className="mt-6 rounded-md border border-border bg-primary-soft p-4">
      {version.review === 'approved' ? (
        <>
          <h2 id="en-attente" className="font-semibold">
            Version {version.number} programmée le {when}
          </h2>
          <p className="mt-1 text-sm">
            Ses valeurs ne sont visibles nulle part avant cette heure. Une seule version peut être programmée à la fois.
          </p>
        </>
      ) : version.review === 'submitted' ? (
        <>
          <h2 id="en-attente" className="font-semibold">
            Version {version.number} soumise pour relecture
          </h2>
          <p className="mt-1 text-sm">
            Écrite par {writer}. Ses valeurs ne sont visibles nulle part avant son approbation
            {!version.due ? `, puis le ${when}` : ' ; elle est mise en ligne dès qu’elle est approuvée'}.
          </p>
          {mayReview ? (
            <VersionReview
              code={code}
              number={version.number}
              approve={approveVersionAction}
              sendBack={returnVersionAction}
              hint="Vous avez vérifié ses valeurs : approuvez-la pour qu’elle soit mise en ligne à son heure."
            />
          ) : version.createdBy === actorId ? (
            <p className="mt-2 text-sm">Vous avez écrit cette version : une seconde personne l’approuve avant sa mise en ligne.</p>
          ) : (
            <p className="mt-2 text-sm">Un responsable de publication qui ne l’a pas écrite l’approuve ou la renvoie.</p>
          )}
        </>
      ) : (
        <>
          <h2 id="en-attente" className="font-semibold">
            Version {version.number} renvoyée au rédacteur
          </h2>
          <div role="note" className="mt-2 rounded-md border border-border bg-surface p-2 text-sm">
            <p className="font-medium">Renvoyée {version.reviewedByName ? `par ${version.reviewedByName}` : ''} :</p>
            <p className="whitespace-pre-line">{version.reviewNote}</p>
          </div>
          <p className="mt-2 text-sm">Rien n’en est public. Annulez-la, puis préparez une nouvelle version corrigée.</p>
        </>
      )}
      {mayCancel ? (
        <CancelVersion code={code} number={version.number} cancel={cancelVersionAction} waiting={version.review !== 'approved'} />
      ) : null}
    </section>
  );
}
