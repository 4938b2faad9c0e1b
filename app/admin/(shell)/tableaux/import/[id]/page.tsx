import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ImportConfirm } from '@/components/admin/versions/import-confirm';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { formatNumber } from '@/lib/i18n/format';
import { releaseChoices } from '@/lib/releases/links';
import { zoneName } from '@/lib/releases/model';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { versionReviewNote } from '@/lib/versions/model';
import { tableImportOwner, tableImportView, type PreviewCell } from '@/lib/tables/imports';
import { cellStatusLabels } from '@/lib/tables/model';
import { cancelTableImportAction, publishTableImportAction } from '../../actions';

export const metadata = { title: 'Aperçu de l’import — Administration' };

type Props = { params: Promise<{ id: string }> };

const shown = (cell: PreviewCell['after'] | null) =>
  cell === null
    ? '—'
    : `${cell.value === null ? 'sans valeur' : formatNumber(cell.value, 6).replace(/0+$/, '').replace(/,$/, '')} (${cellStatusLabels.fr[cell.status]})`;

export default async function TableImportPreviewPage({ params }: Props) {
  const actor = await adminActor();
  const db = await getDb();
  const id = (await params).id;
  const [view, owner] = await Promise.all([tableImportView(db, id), tableImportOwner(db, id)]);
  if (!view || !owner) notFound();
  const mayPublish = can(actor, needs.prepareTable([owner.area]));
  const mayCancel = can(actor, needs.publish([owner.area])) || owner.createdBy === actor.id;
  const [releases, selfApproval] = await Promise.all([releaseChoices(db, env.TIME_ZONE), selfApprovalAllowed(db)]);
  const reviewNote = versionReviewNote({ approver: can(actor, needs.review([owner.area])), selfApproval });
  const { report } = view;
  const errors = report.errors;
  return (
    <>
      <p className="text-sm">
        <Link href={`/admin/tableaux/${owner.code}`}>Tableau {owner.code}</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Aperçu de l’import</h1>
      <p className="mt-2 text-muted">
        Fichier « {view.filename} » ({report.format.toUpperCase()}
        {report.languages.length > 0 ? `, libellés en ${report.languages.join(' et ')}` : ''}). Rien n’est encore enregistré.
      </p>
      <ul className="mt-4 flex flex-wrap gap-4" aria-label="Résumé">
        <li className="rounded-md border border-border px-4 py-2">
          <strong>{report.cellCount.toLocaleString('fr-FR')}</strong> cellule(s), dont {report.missing.toLocaleString('fr-FR')} sans valeur
        </li>
        {report.diff ? (
          <>
            <li className="rounded-md border border-border px-4 py-2">
              <strong>{report.diff.new.toLocaleString('fr-FR')}</strong> nouvelle(s)
            </li>
            <li className="rounded-md border border-border px-4 py-2">
              <strong>{report.diff.revised.toLocaleString('fr-FR')}</strong> révisée(s)
            </li>
            <li className="rounded-md border border-border px-4 py-2">
              <strong>{report.diff.unchanged.toLocaleString('fr-FR')}</strong> inchangée(s)
            </li>
            <li className="rounded-md border border-border px-4 py-2">
              <strong>{report.diff.removed.toLocaleString('fr-FR')}</strong> retirée(s) par rapport à la version {report.diff.previous}
            </li>
          </>
        ) : null}
        <li className={`rounded-md border px-4 py-2 ${errors.length > 0 ? 'border-down text-down' : 'border-border'}`}>
          <strong>{errors.length}</strong> erreur(s)
        </li>
      </ul>

      {errors.length > 0 ? (
        <section aria-labelledby="erreurs" className="mt-6">
          <h2 id="erreurs" className="text-xl font-bold text-down">
            Lignes refusées : corrigez le fichier et envoyez-le à nouveau
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6" role="alert">
            {errors.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.warnings.length > 0 ? (
        <section aria-labelledby="remarques" className="mt-6">
          <h2 id="remarques" className="text-xl font-bold">
            À savoir
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {report.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {report.dimensions.length > 0 ? (
        <section aria-labelledby="dimensions" className="mt-6">
          <h2 id="dimensions" className="text-xl font-bold">
            Dimensions
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {report.dimensions.map((d) => (
              <li key={d.code}>
                <strong>{d.label.fr}</strong>
                {d.label.en ? <span lang="en"> / {d.label.en}</span> : null} (<code>{d.code}</code>
                {d.role === 'time' ? ', temps' : ''}) : {d.count.toLocaleString('fr-FR')} valeur(s)
                {d.added.length > 0 ? ` ; nouvelles : ${d.added.join(', ')}` : ''}
                {d.removed.length > 0 ? ` ; retirées : ${d.removed.join(', ')}` : ''}
              </li>
            ))}
          </ul>
          {report.measure ? (
            <p className="mt-2">
              Mesure : {report.measure.label.fr}
              {report.measure.unit.fr ? `, en ${report.measure.unit.fr}` : ''}
              {report.measure.unitCode
                ? ` (code d’unité ${report.measure.unitCode}, multiplicateur 10^${report.measure.unitMult ?? 0})`
                : ''}
              , {report.measure.decimals} décimale(s) affichée(s).
            </p>
          ) : null}
        </section>
      ) : null}

      {report.samples.length > 0 ? (
        <section aria-labelledby="cellules" className="mt-6">
          <h2 id="cellules" className="text-xl font-bold">
            {report.diff ? 'Cellules révisées, puis nouvelles' : 'Premières cellules'}
          </h2>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Cellules lues : leurs codes, avant et après</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-2 pr-4">
                    Cellule
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Avant
                  </th>
                  <th scope="col" className="py-2">
                    Après
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.samples.map((c) => (
                  <tr key={c.key.join('.')} className="border-b border-border">
                    <th scope="row" className="py-1 pr-4 text-left font-mono font-normal">
                      {c.key.join(' · ')}
                    </th>
                    <td className="py-1 pr-4 tabular-nums">{shown(c.before)}</td>
                    <td className="py-1 tabular-nums">{shown(c.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-muted">Au plus 200 cellules sont affichées ; les totaux ci-dessus comptent tout le fichier.</p>
          </div>
        </section>
      ) : null}

      <ImportConfirm
        id={view.id}
        publishAction={publishTableImportAction}
        cancelAction={cancelTableImportAction}
        words={{
          whoPrepares:
            'Un rédacteur de la rubrique de ce tableau, ou un responsable de publication, prépare cette version : ' +
            'transmettez-lui l’adresse de cette page.',
          submit: 'Soumettre cette version pour relecture',
          publish: 'Publier cette version',
        }}
        canPublish={errors.length === 0 && report.cellCount > 0}
        mayPublish={mayPublish}
        mayCancel={mayCancel}
        releases={releases}
        zone={zoneName(env.TIME_ZONE)}
        reviewNote={reviewNote}
      />
    </>
  );
}
