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
import { followedTableVersion, sliceChoices, sliceOf, sliceTables } from '@/lib/tables/slices';
import { SliceForm, UnlinkSliceButton } from '@/components/admin/series/slice-form';
import {
  approveVersionAction,
  cancelVersionAction,
  defineSliceAction,
  publishValuesAction,
  returnVersionAction,
  unlinkSliceAction,
  updateSeriesAction,
} from '../actions';

type Props = { params: Promise<{ code: string }>; searchParams: Promise<{ tableau?: string | string[] }> };

export async function generateMetadata({ params }: Props) {
  return { title: `Série ${(await params).code.slice(0, 40)} — Administration` };
}

export default async function SeriesEditPage({ params, searchParams }: Props) {
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
  // A series defined as a slice of a table follows the table's versions (lib/tables/slices.ts).
  const asked = (await searchParams).tableau;
  const slice = await sliceOf(db, row.code, { admin: true });
  const mayDefineSlice = needs.defineSlice([row.area]).every((n) => can(actor, n));
  const chosenTable = (typeof asked === 'string' && /^[A-Z][A-Z0-9_]{1,59}$/.test(asked) ? asked : null) ?? slice?.table.code ?? null;
  const [sliceTableList, choices, followed] = await Promise.all([
    mayDefineSlice ? sliceTables(db) : Promise.resolve([]),
    mayDefineSlice && chosenTable ? sliceChoices(db, chosenTable) : Promise.resolve(null),
    pending ? followedTableVersion(db, row.code, pending.number) : Promise.resolve(null),
  ]);
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
          mayReview={!followed && approver && (pendingRow.createdBy !== actor.id || selfApproval)}
          mayCancel={!followed && (pendingRow.review === 'approved' ? mayPublish : mayPrepare)}
          followed={followed}
        />
      ) : null}

      <section aria-labelledby="tranche" className="mt-8">
        <h2 id="tranche" className="text-xl font-bold">
          Tranche d’un tableau
        </h2>
        {slice ? (
          <div className="mt-2 max-w-3xl space-y-2">
            <p>
              Cette série est une tranche du tableau{' '}
              <Link href={`/admin/tableaux/${slice.table.code}`} className="underline">
                {slice.table.title} ({slice.table.code})
              </Link>
              {slice.parts.length > 0 ? ` : ${slice.parts.map((p) => `${p.dimension} « ${p.value} »`).join(', ')}` : ''}.
            </p>
            <p className="text-sm">
              Chaque version publiée du tableau — tout de suite, à une heure ou avec une parution — publie en même temps une version de
              cette série, avec la même raison et la même relecture. Ses valeurs ne se saisissent ni ne s’importent plus à la main.
            </p>
            {mayDefineSlice ? <UnlinkSliceButton action={unlinkSliceAction} code={row.code} /> : null}
          </div>
        ) : (
          <p className="mt-2 max-w-3xl text-sm">
            Une série peut suivre un tableau : une valeur de chaque dimension (hors temps) et une mesure. Ses valeurs suivent alors chaque
            version publiée du tableau.
          </p>
        )}
        {!mayDefineSlice ? (
          <AccessNote className="mt-2 max-w-3xl">
            Les rédacteurs de la rubrique « {areaName} » définissent la tranche de tableau que suit cette série.
          </AccessNote>
        ) : sliceTableList.length === 0 ? (
          <p className="mt-2 text-muted">Aucun tableau n’est encore publié.</p>
        ) : (
          <>
            <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="tableau" className="block text-sm font-medium">
                  {slice ? 'Suivre une autre tranche : tableau' : 'Tableau'}
                </label>
                <select
                  id="tableau"
                  name="tableau"
                  defaultValue={chosenTable ?? undefined}
                  className="mt-1 block max-w-md rounded-md border border-border bg-bg px-3 py-2"
                >
                  {sliceTableList.map((t) => (
                    <option key={t.code} value={t.code}>
                      {t.title} ({t.code})
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="rounded-md border border-border px-3 py-2">
                Choisir ce tableau
              </button>
            </form>
            {chosenTable && !choices ? (
              <p role="alert" className="mt-2 text-down">
                Le tableau {chosenTable} n’existe pas ou n’a encore aucune version publiée : choisissez-en un autre.
              </p>
            ) : null}
            {choices ? (
              <SliceForm
                action={defineSliceAction}
                code={row.code}
                choices={choices}
                initial={
                  slice && slice.table.code === choices.table.code ? { selection: slice.selection, measure: slice.measure } : undefined
                }
              />
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="valeurs" className="mt-8">
        <h2 id="valeurs" className="text-xl font-bold">
          Saisir des valeurs
        </h2>
        {slice ? (
          <p className="mt-2 text-muted">
            Cette série suit le tableau {slice.table.code} : ses valeurs ne se saisissent ni ne s’importent à la main. Importez une nouvelle
            version du tableau, ou détachez la série ci-dessus.
          </p>
        ) : !mayPrepare ? (
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
        {canImport && !slice ? (
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
  followed,
}: {
  code: string;
  version: AdminVersion;
  actorId: string;
  mayReview: boolean;
  mayCancel: boolean;
  /** The table version it follows, when a table version wrote it: reviewed and cancelled with it, on the table's screen. */
  followed: { table: string; number: number } | null;
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
      {followed ? (
        <p className="mt-2 text-sm">
          Elle suit la{' '}
          <Link href={`/admin/tableaux/${followed.table}`} className="underline">
            version {followed.number} du tableau {followed.table}
          </Link>{' '}
          : elle est approuvée, renvoyée ou annulée avec elle, sur l’écran du tableau.
        </p>
      ) : null}
      {mayCancel ? (
        <CancelVersion code={code} number={version.number} cancel={cancelVersionAction} waiting={version.review !== 'approved'} />
      ) : null}
    </section>
  );
}
