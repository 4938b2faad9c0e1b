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
import { importOwnerAndAreas, importView } from '@/lib/series/imports';
import { periodLabel, statusLabel, type Observation } from '@/lib/series/model';
import { cancelImportAction, publishImportAction } from '../../actions';

export const metadata = { title: 'Aperçu de l’import — Administration' };

type Props = { params: Promise<{ id: string }> };

/** At most this many lines of each kind on screen (the counts are always complete). */
const SHOWN = 500;

const change = { new: 'Nouvelle', revised: 'Révisée', unchanged: 'Inchangée' } as const;

export default async function ImportPreviewPage({ params }: Props) {
  const actor = await adminActor();
  const db = await getDb();
  const id = (await params).id;
  const [view, owner] = await Promise.all([importView(db, id), importOwnerAndAreas(db, id)]);
  if (!view || !owner) notFound();
  // As series/actions.ts decides: the series' area writers write the version (submitted for review
  // unless an approver under self-approval); its author or a publisher cancels the import.
  const mayPublish = can(actor, needs.prepareValues(owner.areas));
  const mayCancel = can(actor, needs.publish(owner.areas)) || owner.createdBy === actor.id;
  const [releases, selfApproval] = await Promise.all([releaseChoices(db, env.TIME_ZONE), selfApprovalAllowed(db)]);
  const reviewNote = versionReviewNote({ approver: can(actor, needs.review(owner.areas)), selfApproval });
  const { staged, preview, frequencies } = view;
  const errors = staged.errors;
  const shownValue = (o: Observation | undefined) =>
    o ? `${formatNumber(o.value, 4).replace(/0+$/, '').replace(/,$/, '')} (${statusLabel[o.status]})` : '—';
  const ordered = [
    ...preview.lines.filter((l) => l.change === 'revised'),
    ...preview.lines.filter((l) => l.change === 'new'),
    ...preview.lines.filter((l) => l.change === 'unchanged'),
  ];
  const lines = ordered.slice(0, SHOWN);
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/series/import">Importer des valeurs</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Aperçu de l’import</h1>
      <p className="mt-2 text-muted">Fichier « {view.filename} ». Rien n’est encore enregistré.</p>
      <ul className="mt-4 flex flex-wrap gap-4" aria-label="Résumé">
        <li className="rounded-md border border-border px-4 py-2">
          <strong>{preview.counts.new}</strong> nouvelle(s)
        </li>
        <li className="rounded-md border border-border px-4 py-2">
          <strong>{preview.counts.revised}</strong> révisée(s)
        </li>
        <li className="rounded-md border border-border px-4 py-2">
          <strong>{preview.counts.unchanged}</strong> inchangée(s)
        </li>
        <li className={`rounded-md border px-4 py-2 ${errors.length > 0 ? 'border-down text-down' : 'border-border'}`}>
          <strong>{errors.length}</strong> erreur(s)
        </li>
      </ul>

      {errors.length > 0 ? (
        <section aria-labelledby="erreurs" className="mt-6">
          <h2 id="erreurs" className="text-xl font-bold text-down">
            Erreurs : corrigez le fichier et envoyez-le à nouveau
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6" role="alert">
            {errors.slice(0, SHOWN).map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
          {errors.length > SHOWN ? <p className="mt-2 text-muted">… et {errors.length - SHOWN} autres erreurs.</p> : null}
        </section>
      ) : null}

      <section aria-labelledby="lignes" className="mt-6">
        <h2 id="lignes" className="text-xl font-bold">
          Valeurs lues
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Chaque valeur du fichier : révisées, puis nouvelles, puis inchangées</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4">
                  Ligne
                </th>
                <th scope="col" className="py-2 pr-4">
                  Série
                </th>
                <th scope="col" className="py-2 pr-4">
                  Période
                </th>
                <th scope="col" className="py-2 pr-4">
                  Changement
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
              {lines.map((l) => (
                <tr key={`${l.code}-${l.period}`} className={`border-b border-border ${l.change === 'unchanged' ? 'text-muted' : ''}`}>
                  <td className="py-1 pr-4 tabular-nums">{l.line}</td>
                  <td className="py-1 pr-4 font-mono">{l.code}</td>
                  <th scope="row" className="py-1 pr-4 text-left font-normal">
                    {periodLabel(l.period, frequencies[l.code] ?? 'monthly')}
                  </th>
                  <td className="py-1 pr-4">{change[l.change]}</td>
                  <td className="py-1 pr-4 tabular-nums">
                    {l.change === 'revised' ? shownValue(l.before) : l.change === 'unchanged' ? '' : '—'}
                  </td>
                  <td className="py-1 tabular-nums">
                    {l.change === 'revised' ? <span aria-hidden="true">→ </span> : null}
                    {shownValue(l.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {ordered.length > SHOWN ? (
            <p className="mt-2 text-muted">Les {SHOWN} premières lignes sont affichées ; les totaux ci-dessus comptent tout le fichier.</p>
          ) : null}
        </div>
      </section>

      <ImportConfirm
        id={view.id}
        publishAction={publishImportAction}
        cancelAction={cancelImportAction}
        words={{
          whoPrepares:
            'Un rédacteur des rubriques de ces séries, ou un responsable de publication, prépare ces valeurs : ' +
            'transmettez-lui l’adresse de cette page.',
          submit: 'Soumettre ces valeurs pour relecture',
          publish: 'Publier ces valeurs',
        }}
        canPublish={errors.length === 0 && preview.counts.new + preview.counts.revised > 0}
        mayPublish={mayPublish}
        mayCancel={mayCancel}
        releases={releases}
        zone={zoneName(env.TIME_ZONE)}
        reviewNote={reviewNote}
      />
    </>
  );
}
